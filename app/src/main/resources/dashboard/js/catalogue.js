// Made from the node types' declarations by NodeDescriptionsTest (run it with -Dflowrun.regenerate=true
// after changing a node type's fields); edit the declarations, not this file.
export const CATALOGUE = [ {
  "type" : "imageInput",
  "role" : "input",
  "does" : "Where an item's input file enters.",
  "fields" : [ ]
}, {
  "type" : "removeBackground",
  "role" : "transform",
  "does" : "Makes the background transparent; the result has an alpha channel. The node state shows the method that ran and its confidence.",
  "fields" : [ {
    "name" : "method",
    "rule" : "auto, model or classic",
    "required" : false,
    "help" : "`auto`: the segmentation model when FLOWRUN_BG_MODEL is set, the classic algorithm otherwise; `model` without a model configured is refused when the workflow is saved.",
    "default" : "auto"
  }, {
    "name" : "tolerance",
    "rule" : "an integer from 1 to 100",
    "required" : false,
    "help" : "Classic only: how far from the backdrop colour a pixel may be and still go.",
    "default" : "automatic"
  }, {
    "name" : "feather",
    "rule" : "an integer from 0 to 20",
    "required" : false,
    "help" : "Edge softening in px.",
    "default" : "1"
  }, {
    "name" : "result",
    "rule" : "cutout or mask",
    "required" : false,
    "help" : "`cutout`: the image with the background transparent; `mask`: the matte as an opaque grayscale image, white = subject, black = background, greys = partial.",
    "default" : "cutout"
  }, {
    "name" : "roi",
    "rule" : "an object {x, y, width, height}, each a whole number of pixels or a percentage of the photo such as \"10%\"",
    "required" : false,
    "help" : "Where the subject is: only what lies inside can be subject, everything outside is background; px or `\"N%\"` of the photo each, clipped to the photo; an empty region is refused."
  }, {
    "name" : "secondLook",
    "rule" : "true or false",
    "required" : false,
    "help" : "Model only: where its first look is not plainly sure, the model looks again (at the mirrored photo and, for a small subject, at its crop) and the confidence comes from the looks' agreement; `false`: one look, faster, its confidence from that look alone.",
    "default" : "true"
  } ]
}, {
  "type" : "resize",
  "role" : "transform",
  "does" : "Scales the image.",
  "fields" : [ {
    "name" : "width",
    "rule" : "an integer from 1 to 20000",
    "required" : false,
    "help" : "Target width in px; at least one of width and height.",
    "example" : 512
  }, {
    "name" : "height",
    "rule" : "an integer from 1 to 20000",
    "required" : false,
    "help" : "Target height in px; with one side only, the other follows the aspect ratio."
  }, {
    "name" : "fit",
    "rule" : "contain, cover or fill",
    "required" : false,
    "help" : "With both sides: fit inside, cover and crop the overflow, or stretch.",
    "default" : "contain",
    "example" : "contain"
  }, {
    "name" : "upscale",
    "rule" : "true or false",
    "required" : false,
    "help" : "Whether a side may grow.",
    "default" : "false"
  } ]
}, {
  "type" : "crop",
  "role" : "transform",
  "does" : "Cuts a rectangle (clipped to the image).",
  "fields" : [ {
    "name" : "x",
    "rule" : "an integer of at least 0",
    "required" : true,
    "help" : "Left edge of the rectangle, in px.",
    "example" : 0
  }, {
    "name" : "y",
    "rule" : "an integer of at least 0",
    "required" : true,
    "help" : "Top edge of the rectangle, in px.",
    "example" : 0
  }, {
    "name" : "width",
    "rule" : "an integer of at least 1",
    "required" : true,
    "help" : "Width of the rectangle, in px.",
    "example" : 512
  }, {
    "name" : "height",
    "rule" : "an integer of at least 1",
    "required" : true,
    "help" : "Height of the rectangle, in px.",
    "example" : 512
  } ]
}, {
  "type" : "trim",
  "role" : "transform",
  "does" : "Crops to the bounding box of the subject: the non-transparent pixels (the non-background pixels for opaque images), leaving out specks, parts apart from the rest whose area is under 1% of the largest part's (pixels touching at a corner count as joined); in an image with transparency the specks inside the box are made transparent too.",
  "fields" : [ {
    "name" : "padding",
    "rule" : "an integer from 0 to 10000",
    "required" : false,
    "help" : "Pixels kept around the subject on each side (within the image).",
    "default" : "0",
    "example" : 0
  } ]
}, {
  "type" : "pad",
  "role" : "transform",
  "does" : "Places the image on a canvas of that size inside the margin.",
  "fields" : [ {
    "name" : "width",
    "rule" : "an integer from 1 to 20000",
    "required" : true,
    "help" : "Canvas width in px.",
    "example" : 1024
  }, {
    "name" : "height",
    "rule" : "an integer from 1 to 20000",
    "required" : true,
    "help" : "Canvas height in px.",
    "example" : 1024
  }, {
    "name" : "background",
    "rule" : "#RRGGBB, #RRGGBBAA or transparent",
    "required" : false,
    "help" : "The canvas colour.",
    "default" : "transparent",
    "example" : "transparent"
  }, {
    "name" : "margin",
    "rule" : "a whole number of pixels or a percentage of the canvas's smaller side below 50, such as \"5%\"",
    "required" : false,
    "help" : "Room kept free on each side of the canvas (px, or `\"N%\"` of its smaller side); ignored on a side the image stands flush on.",
    "default" : "0"
  }, {
    "name" : "scale",
    "rule" : "down or fit",
    "required" : false,
    "help" : "`down`: scaled down only if it does not fit inside the margin; `fit`: scaled up or down until it just fits.",
    "default" : "down"
  }, {
    "name" : "position",
    "rule" : "auto, center, top, right, bottom or left",
    "required" : false,
    "help" : "`auto`: centred, except that a cut-out whose subject is cut by an edge of its source photo stands flush on that edge, margin ignored there; the others place it so, always.",
    "default" : "auto"
  } ]
}, {
  "type" : "fill",
  "role" : "transform",
  "does" : "Flattens transparency onto the colour.",
  "fields" : [ {
    "name" : "color",
    "rule" : "a colour written #RRGGBB",
    "required" : true,
    "help" : "The colour behind the image.",
    "example" : "#FFFFFF"
  } ]
}, {
  "type" : "shadow",
  "role" : "transform",
  "does" : "Paints a shadow behind the subject of an image with transparency, on a transparent canvas enlarged just enough to hold it; the subject's pixels are unchanged and an opaque image passes unchanged.",
  "fields" : [ {
    "name" : "type",
    "rule" : "contact or drop",
    "required" : false,
    "help" : "`contact`: a soft shadow on the ground under the subject's lowest part, as a product standing on a table casts; `drop`: the subject's silhouette, offset and blurred.",
    "default" : "contact"
  }, {
    "name" : "opacity",
    "rule" : "a number from 0 to 1",
    "required" : false,
    "help" : "How dark the shadow is where it is darkest.",
    "default" : "0.4"
  }, {
    "name" : "blur",
    "rule" : "an integer from 0 to 200",
    "required" : false,
    "help" : "How far the shadow's edge fades, in px.",
    "default" : "3% of the subject's height"
  }, {
    "name" : "offsetX",
    "rule" : "an integer from -10000 to 10000",
    "required" : false,
    "help" : "drop only: how far right the shadow falls, in px.",
    "default" : "0"
  }, {
    "name" : "offsetY",
    "rule" : "an integer from -10000 to 10000",
    "required" : false,
    "help" : "drop only: how far down the shadow falls, in px.",
    "default" : "2% of the subject's height"
  }, {
    "name" : "color",
    "rule" : "a colour written #RRGGBB",
    "required" : false,
    "help" : "The shadow's colour.",
    "default" : "#000000"
  } ]
}, {
  "type" : "background",
  "role" : "transform",
  "does" : "Puts an opaque background behind an image with transparency: a colour, an image from a URL, or the blurred photo the cut-out came from. An opaque image passes unchanged.",
  "fields" : [ {
    "name" : "color",
    "rule" : "a colour written #RRGGBB",
    "required" : false,
    "help" : "A plain backdrop of this colour.",
    "example" : "#FFFFFF"
  }, {
    "name" : "imageUrl",
    "rule" : "an http or https URL",
    "required" : false,
    "help" : "A picture fetched once per run under the same rules and limits as inputs, scaled to cover the canvas and centred."
  }, {
    "name" : "blur",
    "rule" : "an integer from 1 to 100",
    "required" : false,
    "help" : "The photo the cut-out came from (the input of the nearest removeBackground above), blurred by this radius in px, behind the sharp subject."
  } ]
}, {
  "type" : "rotate",
  "role" : "transform",
  "does" : "Rotates clockwise.",
  "fields" : [ {
    "name" : "degrees",
    "rule" : "90, 180 or 270",
    "required" : true,
    "help" : "Clockwise, exactly.",
    "example" : 90
  } ]
}, {
  "type" : "flip",
  "role" : "transform",
  "does" : "Mirrors.",
  "fields" : [ {
    "name" : "direction",
    "rule" : "horizontal or vertical",
    "required" : true,
    "help" : "`horizontal` swaps left and right, `vertical` top and bottom.",
    "example" : "horizontal"
  } ]
}, {
  "type" : "grayscale",
  "role" : "transform",
  "does" : "Converts to gray, keeping alpha.",
  "fields" : [ ]
}, {
  "type" : "output",
  "role" : "output",
  "does" : "Where a result file leaves; each output node gives one output file per item.",
  "fields" : [ {
    "name" : "format",
    "rule" : "png, jpeg or webp",
    "required" : false,
    "help" : "The file format; png and webp keep transparency.",
    "default" : "png",
    "example" : "png"
  }, {
    "name" : "quality",
    "rule" : "an integer from 1 to 100",
    "required" : false,
    "help" : "jpeg and lossy webp.",
    "default" : "90"
  }, {
    "name" : "lossless",
    "rule" : "true or false",
    "required" : false,
    "help" : "webp only: lossless instead of lossy.",
    "default" : "false"
  } ]
} ];

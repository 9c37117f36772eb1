// The service's settings a user should know of (GET /service): without a segmentation model, photos get the
// classic method, made for plain backdrops. Asked once per key, shown above every page but the sign-in.

import {api} from './api.js';
import {fill, h} from './dom.js';

let askedFor = null;
let cutout = null;

/** {@code key}: the signed-in key, or null where nothing is to be shown (the sign-in page). */
export function serviceNotice(element, key) {
  if (key && key !== askedFor) {
    askedFor = key;
    cutout = null;
    api('GET', '/service').then(info => {
      cutout = info.cutout;
      draw(element, true);
    }).catch(() => { askedFor = null; });
  }
  draw(element, key !== null);
}

function draw(element, shown) {
  element.hidden = !shown || cutout === null || cutout.model;
  if (element.hidden || element.childElementCount) return;
  fill(element, 'No segmentation model is loaded: photos get the classic background removal, made for plain ',
    'backdrops. For the model, run ', h('code', {text: cutout.modelFetch}), ' and restart the service.');
}

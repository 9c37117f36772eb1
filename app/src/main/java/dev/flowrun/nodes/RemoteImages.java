package dev.flowrun.nodes;

import java.awt.image.BufferedImage;

/** Images a node names by URL ({@code background}'s {@code imageUrl}), fetched and decoded as inputs are. */
public interface RemoteImages {
    /** Where no download can be made (a node applied outside an item's run). */
    RemoteImages NONE = url -> {
        throw new NodeFailure("images named by URL can only be fetched while a run executes");
    };

    /** The image at {@code url}, decoded; fails the node with the download's or the decoder's reason. */
    BufferedImage fetch(String url) throws NodeFailure;
}

// Thumbnails that survive a page's refreshes. Every poll brings freshly signed URLs (a new `expires`), so an
// <img> rebuilt each time would fetch its picture again; one kept per storage key fetches it once.

import {h} from './dom.js';
import {thumbUrl} from './api.js';

export class Thumbs {
  constructor() {
    this.byKey = new Map();
  }

  /**
   * The picture of the stored file `key` (signed URL `url`), on a checkerboard when it may be transparent.
   * A file not there yet (an input still downloading) shows a placeholder and is asked for again on a later call.
   */
  get(key, url, alt, {checker = false, link = false} = {}) {
    let entry = this.byKey.get(key);
    // A file that was not there is asked for again: pages ask again only when what they show has changed.
    if (!entry || entry.failed) {
      const img = h('img', {src: thumbUrl(url), alt, loading: 'lazy', decoding: 'async'});
      const box = h('span', {class: checker ? 'thumb checker' : 'thumb'}, img);
      entry = {box, failed: false};
      img.addEventListener('error', () => {
        entry.failed = true;
        box.replaceChildren(h('span', {class: 'placeholder', text: 'not available yet'}));
        box.setAttribute('role', 'img');
        box.setAttribute('aria-label', `${alt} (not available yet)`);
      });
      this.byKey.set(key, entry);
    }
    if (!link) return entry.box;
    // The link to the full file carries the fresh URL every time; only the picture is kept.
    return h('a', {href: url, target: '_blank', rel: 'noopener', class: 'thumb-link', title: 'Open the full-size file'},
      entry.box);
  }
}

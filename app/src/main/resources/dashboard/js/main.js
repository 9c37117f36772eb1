// The dashboard's shell: a router over the URL's hash (#/runs/5), so the service serves one page at `/`.

import {session, whenUnauthorized} from './api.js';
import {currentRoute, errorBox, fill} from './dom.js';
import {signInPage} from './pages/signin.js';
import {runsPage} from './pages/runs.js';
import {runPage} from './pages/run.js';
import {itemPage} from './pages/item.js';
import {workflowsPage} from './pages/workflows.js';
import {workflowEditPage} from './pages/workflow-edit.js';
import {newRunPage} from './pages/new-run.js';
import {serviceNotice} from './notice.js';

const routes = [
  [/^\/signin$/, signInPage, null],
  [/^\/runs$/, runsPage, 'runs'],
  [/^\/runs\/(\d+)$/, runPage, 'runs'],
  [/^\/runs\/(\d+)\/items\/(\d+)$/, itemPage, 'runs'],
  [/^\/workflows$/, workflowsPage, 'workflows'],
  [/^\/workflows\/new$/, workflowEditPage, 'workflows'],
  [/^\/workflows\/(\d+)$/, workflowEditPage, 'workflows'],
  [/^\/new-run$/, newRunPage, 'new-run'],
];

const main = document.getElementById('main');
const header = document.getElementById('top');
const notice = document.getElementById('model-notice');
let current = null;

function go(hash) {
  location.hash = hash;
}

function render() {
  const {path, query} = currentRoute();
  if (!session.key() && path !== '/signin') {
    go('#/signin');
    return;
  }
  current?.abort();
  current = new AbortController();
  const match = routes.map(([pattern, page, section]) => [path.match(pattern), page, section]).find(([m]) => m);
  header.hidden = path === '/signin';
  serviceNotice(notice, path === '/signin' ? null : session.key());
  for (const link of header.querySelectorAll('nav a')) {
    if (match && link.dataset.section === match[2]) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (!match) {
    fill(main, errorBox({message: `There is no page at ${path}.`}));
    return;
  }
  const [m, page] = match;
  main.replaceChildren();
  // A page draws its heading at once and its data when it comes; focus moves to the heading, as a new page would.
  page(main, {params: m.slice(1), query, signal: current.signal, go});
  const heading = main.querySelector('h1');
  if (heading) {
    heading.tabIndex = -1;
    document.title = `${heading.textContent} · flowrun`;
  }
  (main.querySelector('[data-autofocus]') || heading)?.focus();
}

whenUnauthorized(() => {
  session.signOut();
  go('#/signin?expired=1');
});

document.getElementById('sign-out').addEventListener('click', () => {
  session.signOut();
  go('#/signin');
});

// The skip link would otherwise be taken for a route.
document.querySelector('.skip').addEventListener('click', event => {
  event.preventDefault();
  main.focus();
});

window.addEventListener('hashchange', render);
render();

// Sign in with an API key. The key is checked against the API, then kept in sessionStorage: for this tab only.

import {api, session} from '../api.js';
import {fill, h} from '../dom.js';

export function signInPage(main, {query, go}) {
  const message = h('div', {id: 'signin-message', role: 'alert'});
  const input = h('input', {
    id: 'api-key', name: 'apiKey', type: 'password', autocomplete: 'off', required: true, spellcheck: 'false',
    'aria-describedby': 'api-key-help signin-message', 'data-autofocus': true,
  });
  const button = h('button', {type: 'submit', class: 'primary', text: 'Sign in'});
  const form = h('form', {class: 'signin', novalidate: true},
    h('label', {for: 'api-key', text: 'API key'}),
    input,
    h('p', {id: 'api-key-help', class: 'help',
      text: 'The key the service printed on its first start, or one an admin made for your workspace. '
        + 'It is kept in this browser tab only, until you sign out or close the tab.'}),
    message,
    button);
  if (query.get('expired')) {
    fill(message, h('p', {class: 'error', text: 'The service no longer accepts that key. Please sign in again.'}));
  }
  form.addEventListener('submit', async event => {
    event.preventDefault();
    const key = input.value.trim();
    if (!key) {
      fill(message, h('p', {class: 'error', text: 'Enter an API key.'}));
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    button.disabled = true;
    try {
      // Any authenticated read tells whether the key works; the workflows list is small.
      await api('GET', '/workflows', undefined, {key});
      session.signIn(key);
      go('#/runs');
    } catch (error) {
      const text = error.status === 401 ? 'That key was not accepted. Check it and try again.' : error.message;
      fill(message, h('p', {class: 'error', text}));
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    } finally {
      button.disabled = false;
    }
  });
  main.append(h('section', {class: 'narrow'},
    h('h1', {text: 'Sign in to flowrun'}),
    form));
}

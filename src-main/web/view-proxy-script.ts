/**
 * The sandbox proxy's script (served as `/proxy.js` on the view sandbox's origin). It runs in
 * the outer frame, on an origin that is not the window's, and does one thing: on the window's
 * `ui/notifications/sandbox-resource-ready` it puts the view's HTML in an inner frame that never
 * gets `allow-same-origin` (an opaque origin: no cookies, no storage, no reach into this frame
 * or the window), and then relays messages between the window and that frame only. The inner
 * frame inherits this page's Content-Security-Policy (the view's declared domains, nothing by
 * default). The sandbox attribute the window may suggest is ignored: it is fixed here.
 */
export const VIEW_PROXY_SCRIPT = `(() => {
  'use strict';
  const q = new URLSearchParams(location.search);
  const host = q.get('host') || '';
  // A file:// window (the desktop app) has an opaque origin: messages to it can only name '*'.
  const target = /^https?:\\/\\/[^/]+$/.test(host) ? host : '*';
  const PERMS = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  let inner = null;
  window.addEventListener('message', (ev) => {
    if (ev.source === window.parent) {
      if (target !== '*' && ev.origin !== target) return;
      const d = ev.data;
      if (d && d.method === 'ui/notifications/sandbox-resource-ready') {
        if (inner) return;
        const p = (d.params && typeof d.params === 'object') ? d.params : {};
        if (typeof p.html !== 'string') return;
        inner = document.createElement('iframe');
        inner.setAttribute('sandbox', 'allow-scripts allow-forms');
        const allow = Object.keys(PERMS).filter((k) => p.permissions && p.permissions[k]).map((k) => PERMS[k]).join('; ');
        if (allow) inner.setAttribute('allow', allow);
        inner.setAttribute('title', 'MCP App view');
        inner.srcdoc = p.html;
        document.body.appendChild(inner);
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(d, '*');
    } else if (inner && ev.source === inner.contentWindow) {
      window.parent.postMessage(ev.data, target);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, target);
})();
`;

/** The proxy page: a frame-filling body and the script above (from its own origin, never inline). */
export const VIEW_PROXY_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP App view</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script src="/proxy.js"></script></body></html>
`;

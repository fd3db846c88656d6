/**
 * The exported page's style sheet (inline in the page; the only styling it has). Light and dark
 * follow the reader's system. Calls fold with a CSS-only toggle (a visually hidden checkbox
 * before each call's head, and one for *Expand all*), so the page needs no script.
 */
export const EXPORT_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2330;--muted:#5f6775;--line:#e3e6eb;--card:#f7f9fb;--code:#f1f3f6;--ok:#15803d;--err:#b91c1c;--warn:#a45206;--accent:#2563eb;--add:#e6f4ea;--addfg:#14532d;--del:#fdecec;--delfg:#7f1d1d}
@media (prefers-color-scheme:dark){:root{--bg:#0f1218;--fg:#e5e7eb;--muted:#9ca3af;--line:#2a303b;--card:#161a22;--code:#1c212b;--ok:#4ade80;--err:#f87171;--warn:#fbbf24;--accent:#60a5fa;--add:#12301d;--addfg:#bbf7d0;--del:#3a1717;--delfg:#fecaca}}
*{box-sizing:border-box}body{margin:0;font:14px/1.55 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
header{padding:14px 24px;border-bottom:1px solid var(--line);display:flex;gap:16px;align-items:flex-end;flex-wrap:wrap}
header .titles{flex:1 1 420px;min-width:0}h1{font-size:18px;margin:0 0 4px;overflow-wrap:anywhere}
.meta{color:var(--muted);font-size:12px}
.toolbar{display:flex;gap:8px;align-items:center}
.btn{display:inline-block;cursor:pointer;user-select:none;border:1px solid var(--line);border-radius:6px;padding:4px 10px;font-size:12px;background:var(--card);color:var(--fg)}
.btn:hover{border-color:var(--accent)}
.sr{position:absolute;opacity:0;width:1px;height:1px;margin:0;pointer-events:none}
.sr:focus-visible + .btn,.sr:focus-visible + .call-head{outline:2px solid var(--accent);outline-offset:1px}
.expand-label::after{content:'Expand all'}#expand-all:checked ~ header .expand-label::after{content:'Collapse all'}
main{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:24px;padding:16px 24px;align-items:start}
@media (max-width:1100px){main{grid-template-columns:1fr}}
.msg{margin:0 0 12px;padding:8px 14px;border-radius:8px;border:1px solid var(--line);overflow-wrap:anywhere}
.msg.user{background:var(--card)}.msg.note{color:var(--muted);font-style:italic}
.role{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);display:block;margin:2px 0}
.md>:first-child{margin-top:0}.md>:last-child{margin-bottom:0}
.md h1,.md h2,.md h3,.md h4{margin:.8em 0 .35em;line-height:1.3}.md h1{font-size:1.35em}.md h2{font-size:1.2em}.md h3{font-size:1.05em}
.md p{margin:.45em 0}.md ul,.md ol{margin:.4em 0;padding-left:1.6em}.md blockquote{margin:.5em 0;padding:0 12px;border-left:3px solid var(--line);color:var(--muted)}
.md code{font:12.5px ui-monospace,monospace;background:var(--code);padding:1px 4px;border-radius:4px}
.md pre{background:var(--code);padding:8px 12px;border-radius:6px;overflow:auto;border:0}.md pre code{background:none;padding:0}
.md table{border-collapse:collapse;margin:.5em 0;width:auto}.md th,.md td{border:1px solid var(--line);padding:3px 8px}
.md a{color:var(--accent)}.md-image,.md-link{color:var(--muted);font-style:italic}
details.thinking{margin:0 0 8px;padding:2px 10px;border-left:3px solid var(--line);color:var(--muted);font-size:13px}
details.thinking summary{cursor:pointer;font-size:12px}details.thinking>div{white-space:pre-wrap;overflow-wrap:anywhere}
.redacted{font-style:italic;border:1px dashed var(--line);border-radius:4px;padding:0 4px}
.call{position:relative;margin:0 0 10px;border:1px solid var(--line);border-radius:8px;background:var(--card)}
.call-head{cursor:pointer;padding:7px 12px;display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
.call-head::before{content:'▸';color:var(--muted);width:1em;flex:none}
.toggle:checked + .call-head::before,#expand-all:checked ~ main .call-head::before{content:'▾'}
.call-body{display:none;border-top:1px solid var(--line)}
.toggle:checked ~ .call-body,#expand-all:checked ~ main .call-body{display:block}
.tool{font-family:ui-monospace,monospace;font-weight:600;overflow-wrap:anywhere}
.preview{font-family:ui-monospace,monospace;font-size:12px;color:var(--muted);flex:1 1 200px;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.time{font-size:12px;color:var(--muted);margin-left:auto;white-space:nowrap}
.st{font-size:12px;font-weight:600}.st-ok{color:var(--ok)}.st-error,.st-denied{color:var(--err)}.st-blocked{color:var(--warn)}
pre{margin:0;padding:8px 12px;overflow:auto;font:12px/1.45 ui-monospace,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
.label{padding:6px 12px 0;font-size:11px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
.diff{margin:4px 12px 8px;border:1px solid var(--line);border-radius:6px;overflow:auto;font:12px/1.45 ui-monospace,monospace}
.diff .path{padding:4px 8px;border-bottom:1px solid var(--line);color:var(--muted)}
.diff .hunk{padding:2px 8px;color:var(--muted);background:var(--code)}
.diff .ln{display:block;padding:0 8px;white-space:pre-wrap;overflow-wrap:anywhere}.diff .add{background:var(--add);color:var(--addfg)}.diff .del{background:var(--del);color:var(--delfg)}
aside{position:sticky;top:8px}aside h2{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:0 0 8px}
table.usage{border-collapse:collapse;width:100%;font-size:12px}.usage td,.usage th{text-align:left;padding:3px 4px;border-bottom:1px solid var(--line)}
.tl{max-height:60vh;overflow:auto}
.tl-row{display:grid;grid-template-columns:110px 1fr;gap:6px;align-items:center;font-size:11px;cursor:pointer}
.tl-row span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-family:ui-monospace,monospace;color:var(--muted)}
.tl-row:hover span{color:var(--fg)}
.lane{position:relative;height:14px;background:var(--card);border-radius:3px;margin:2px 0}
.bar{position:absolute;top:2px;height:10px;border-radius:2px;background:var(--accent);min-width:2px}.bar.model{background:var(--muted)}.bar.error{background:var(--err)}.bar.wait{background:var(--warn);opacity:.6}
.note{color:var(--muted);font-style:italic}
footer{padding:8px 24px 24px}
@media print{.call-body{display:block}.toolbar{display:none}aside{position:static}}
`;

/**
 * The mailbox's stylesheet, served as a file (the portal's CSP forbids inline styles): a plain
 * mail program, the message itself framed as a mail program frames it.
 */
export const MAILBOX_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f8fa;line-height:1.5;overflow-wrap:anywhere}
.bar{background:#24292f;color:#fff;padding:.75rem 1.25rem;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.bar p{margin:0;font-weight:700}
.bar nav ul{display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin:0;padding:0;list-style:none}
.bar a{color:#fff}
.bar a[aria-current="true"]{font-weight:700;text-decoration:none}
main{max-width:52rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 1rem}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.notice{background:#fff4ce;border:1px solid #e0c36a;padding:.5rem .75rem;border-radius:.375rem;font-size:.9rem}
ol.messages{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
ol.messages li{background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:.75rem 1rem}
ol.messages a{font-weight:700}
.meta{margin:.25rem 0 0;font-size:.875rem;color:#57606a}
dl.headers{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:.25rem 1rem;margin:0;padding:1rem;background:#fff;border:1px solid #d0d7de;border-radius:.5rem}
dl.headers dt{font-weight:600}
dl.headers dd{margin:0}
@media (max-width:30rem){dl.headers{grid-template-columns:minmax(0,1fr);gap:0}dl.headers dd{margin-bottom:.5rem}}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875rem}
iframe.message{display:block;width:100%;height:36rem;resize:vertical;overflow:auto;border:1px solid #d0d7de;border-radius:.5rem;background:#fff}
pre.text{white-space:pre-wrap;background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;margin:0}
ul.attachments{padding-left:1.25rem}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
a{color:#0550ae}
`;

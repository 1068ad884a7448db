/** The demo shop's stylesheet, served as a file so the Content-Security-Policy needs no exception. */
export const SHOP_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f7f9;line-height:1.5;overflow-wrap:anywhere}
header{background:#1b3a4b;color:#fff;padding:1rem 1.25rem}
header h1{margin:0;font-size:1.5rem}
header p{margin:.25rem 0 0}
main{max-width:64rem;margin:0 auto;padding:1.25rem}
.notice{background:#fff4ce;border:1px solid #e0c36a;padding:.5rem .75rem;border-radius:.375rem}
.langs{display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin:.5rem 0 0;padding:0;list-style:none}
.langs a{color:#fff}
.langs a[aria-current="true"]{font-weight:700;text-decoration:none}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(18rem,100%),1fr));margin-top:1rem}
.card{background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;min-width:0}
.card h2{font-size:1.1rem;margin:0 0 .75rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
select{width:100%;max-width:100%;padding:.5rem;border:1px solid #8c959f;border-radius:.375rem;font:inherit;background:#fff}
button{margin-top:1rem;width:100%;padding:.75rem;border:0;border-radius:.375rem;background:#0b6e4f;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:#09583f}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
.error{background:#ffebe9;border:1px solid #cf222e;padding:.5rem .75rem;border-radius:.375rem;margin-top:1rem}
dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:.25rem 1rem}
dt{font-weight:600}
dd{margin:0;min-width:0;overflow-wrap:anywhere}
.result{font-size:1.15rem;font-weight:600}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #d0d7de;padding:.375rem .5rem;text-align:left;vertical-align:top;font-size:.9rem;overflow-wrap:anywhere}
th:first-child,td:first-child{width:30%}
.nowrap{white-space:nowrap}
.code{display:inline-block;color:#57606a}
code{font-size:.85rem;overflow-wrap:anywhere}
a{color:#0550ae}
`;

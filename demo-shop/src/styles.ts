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
select,input{width:100%;max-width:100%;padding:.5rem;border:1px solid #8c959f;border-radius:.375rem;font:inherit;background:#fff;color:inherit}
button{margin-top:1rem;width:100%;padding:.75rem;border:0;border-radius:.375rem;background:#0b6e4f;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:#09583f}
button.secondary{background:#fff;color:#a40e26;border:2px solid #a40e26;padding:calc(.75rem - 2px)}
button.secondary:hover{background:#ffebe9}
fieldset{border:0;margin:.75rem 0 0;padding:0;min-width:0}
legend{font-weight:700;padding:0}
fieldset label{font-weight:400}
.actions .card{display:flex;flex-direction:column}
.actions .submit{margin-top:auto}
.card h4{font-size:1.05rem;margin:0 0 .5rem}
.card p{margin:0 0 .5rem}
.answer{border:1px solid;padding:.5rem .75rem;border-radius:.375rem;margin:1rem 0}
.answer p{margin:0}
.answer.done{background:#dafbe1;border-color:#1a7f37}
.answer.pending{background:#fff4ce;border-color:#9a6700}
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

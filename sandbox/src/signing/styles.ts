/**
 * The signing page's stylesheet, served as a file so the Content-Security-Policy needs no
 * exception. Two looks: Norwegian BankID (dark plum) and Swedish BankID (dark teal), both with
 * colours that keep text contrast at WCAG AA.
 */
export const SIGNING_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f3f4f6;line-height:1.5;overflow-wrap:anywhere}
.service{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;padding:.75rem 1.25rem;background:#fff;border-bottom:1px solid #d0d7de}
.service p{margin:0;font-weight:700;min-width:0}
.badge{display:inline-block;margin-left:.5rem;padding:0 .5rem;border-radius:999px;background:#fff4ce;border:1px solid #9a6700;color:#4d3800;font-size:.8rem;font-weight:600}
.langs{display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin:0;padding:0;list-style:none}
.langs a{color:#0550ae}
.langs a[aria-current="true"]{font-weight:700;text-decoration:none;color:#1f2328}
main{max-width:40rem;margin:0 auto;padding:1.25rem}
h1{font-size:1.6rem;margin:.5rem 0}
.notice{background:#fff4ce;border:1px solid #9a6700;padding:.5rem .75rem;border-radius:.375rem}
.card{background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;margin:1rem 0}
.card h2{font-size:1rem;margin:0 0 .25rem;color:#57606a}
.doc-title{font-size:1.1rem;font-weight:600;margin:0 0 .5rem}
a{color:#0550ae}
.bankid{border-radius:.75rem;overflow:hidden;margin:1rem 0;background:#fff;border:1px solid #d0d7de}
.bankid fieldset{border:0;margin:0;padding:1rem}
.bankid legend{float:left;width:100%;padding:0;margin:0 0 .75rem}
.bankid legend+*{clear:left}
.bankid-bar{display:flex;align-items:center;gap:.75rem;padding:.75rem 1rem;color:#fff}
.bankid-mark{font-size:1.35rem;font-weight:800;letter-spacing:.02em}
.bankid-country{font-size:.9rem;opacity:.95}
.look-no .bankid-bar{background:#39134c}
.look-se .bankid-bar{background:#193e4f}
.look-no button.primary{background:#39134c}
.look-no button.primary:hover{background:#2a0e38}
.look-se button.primary{background:#193e4f}
.look-se button.primary:hover{background:#0f2833}
dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:.25rem 1rem;margin:0 0 .75rem}
dt{font-weight:600}
dd{margin:0;font-variant-numeric:tabular-nums}
@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr);gap:0}dd{margin-bottom:.5rem}}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input[type="text"]{width:100%;padding:.5rem;border:1px solid #6e7781;border-radius:.375rem;font:inherit}
input[aria-invalid="true"]{border-color:#cf222e;border-width:2px}
.hint{color:#57606a;font-size:.9rem;margin:.25rem 0}
.error{color:#a40e26;font-weight:600;margin:.25rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;padding:0 1rem 1rem}
button{padding:.7rem 1.1rem;border-radius:.375rem;font:inherit;font-weight:700;cursor:pointer;border:1px solid #6e7781;background:#fff;color:#1f2328}
button.primary{border:0;color:#fff;flex:1 1 100%}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
.status{font-size:1.1rem}
`;

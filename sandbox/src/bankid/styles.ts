/**
 * The simulated BankID page's stylesheet, served as a file (the CSP allows no inline style).
 * Two looks, chosen by the body class: Norwegian BankID's deep purple, Swedish BankID's dark
 * blue. Colours meet WCAG AA contrast on white; the layout is one column from 320 px up.
 */
export const BANKID_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1b1a1f;background:#f5f3f7;--focus:#1f6feb;overflow-wrap:anywhere}
body.no{--brand:#39134c;--brand-soft:#f1e9f5}
body.se{--brand:#193e4f;--brand-soft:#e6f1f6;background:#f3f6f8}
.top{background:var(--brand);color:#fff;padding:.875rem 1.25rem}
.top-inner{max-width:32rem;margin:0 auto;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.wordmark{margin:0;font-size:1.5rem;font-weight:800;letter-spacing:-.02em;line-height:1.2}
.wordmark span{display:block;font-size:.875rem;font-weight:500;letter-spacing:0;opacity:.92}
.langs{display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin:0;padding:0;list-style:none}
.langs a{color:#fff;text-underline-offset:2px}
.langs a[aria-current="true"]{font-weight:700;text-decoration:none}
.top :focus-visible{outline-color:#fff}
.sandbox{margin:0;padding:.5rem 1.25rem;background:#fff4ce;color:#3d2e00;border-bottom:1px solid #e0c36a;font-size:.875rem;text-align:center}
main{max-width:32rem;margin:0 auto;padding:1.25rem 1.25rem 2.5rem}
h1{margin:.25rem 0 .5rem;font-size:1.5rem;line-height:1.25}
h2{margin:1.75rem 0 .5rem;font-size:1.125rem}
p{margin:.5rem 0}
.people{display:grid;gap:.5rem;margin:0;padding:0;list-style:none}
.people form{margin:0}
.person{display:block;width:100%;padding:.75rem 1rem;border:1px solid #c9c4d0;border-radius:.75rem;background:#fff;color:inherit;font:inherit;text-align:left;cursor:pointer}
.person:hover{border-color:var(--brand);background:var(--brand-soft)}
.person .name{display:block;font-weight:700}
.person .detail{display:block;font-size:.875rem;color:#4a4654}
.card{margin-top:.5rem;padding:1rem;border:1px solid #c9c4d0;border-radius:.75rem;background:#fff}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
label:first-child{margin-top:0}
input[type="text"]{width:100%;padding:.625rem .75rem;border:1px solid #6e6878;border-radius:.5rem;background:#fff;color:inherit;font:inherit}
input[aria-invalid="true"]{border:2px solid #b3261e}
.hint{margin:.25rem 0 0;font-size:.875rem;color:#4a4654}
.error{margin:.5rem 0;padding:.5rem .75rem;border:1px solid #b3261e;border-radius:.5rem;background:#fdecea;color:#8c1d18}
.primary,.secondary{display:block;width:100%;min-height:3rem;margin-top:1rem;padding:.5rem 1rem;border-radius:999px;font:inherit;font-weight:700;cursor:pointer}
.primary{border:2px solid var(--brand);background:var(--brand);color:#fff}
.primary:hover{filter:brightness(1.15)}
.secondary{border:2px solid var(--brand);background:#fff;color:var(--brand)}
.secondary:hover{background:var(--brand-soft)}
.actions form{margin:0}
dl{margin:1rem 0;padding:1rem;border:1px solid #c9c4d0;border-radius:.75rem;background:#fff}
dt{font-size:.875rem;color:#4a4654}
dd{margin:0 0 .5rem;font-size:1.125rem;font-weight:700;overflow-wrap:anywhere}
dd:last-child{margin-bottom:0}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
@media (prefers-reduced-motion:no-preference){.person,.primary,.secondary{transition:background-color .15s,border-color .15s}}
`;

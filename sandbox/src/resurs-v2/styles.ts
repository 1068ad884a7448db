/**
 * The simulated signing step's stylesheet, served as a file (the CSP forbids inline styles). A
 * look-alike of the two BankIDs, not their brand assets: an aubergine header for the Norwegian
 * one, a dark blue one for the Swedish one; the documents are plain bank paper.
 */
export const RESURS_V2_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1c1e;background:#f2f2f4;line-height:1.5;overflow-wrap:anywhere}
.theme-no{--brand:#39134c;--brand-dark:#2a0d38;--brand-soft:#f3ecf7}
.theme-se{--brand:#193e4f;--brand-dark:#102a36;--brand-soft:#e8f1f5}
.theme-resurs{--brand:#2f3437;--brand-dark:#1d2022;--brand-soft:#f1f3f4}
.bar{background:var(--brand);color:#fff;padding:.75rem 1.25rem;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.brand{display:flex;flex-wrap:wrap;align-items:center;min-width:0;gap:.75rem;margin:0;font-size:1rem;font-weight:400}
.wordmark{font-weight:800;font-size:1.35rem;letter-spacing:.01em;border:2px solid #fff;border-radius:.375rem;padding:.05rem .5rem}
.bar nav ul{display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin:0;padding:0;list-style:none}
.bar a{color:#fff}
.bar a[aria-current="true"]{font-weight:700;text-decoration:none}
main{max-width:34rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem}
.card h1{font-size:1.4rem;margin:0 0 .5rem}
.notice{background:#fff4ce;border:1px solid #e0c36a;padding:.5rem .75rem;border-radius:.375rem;font-size:.9rem}
dl.summary{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:.35rem 1rem;margin:1rem 0;padding:1rem;background:var(--brand-soft);border-radius:.5rem}
dl.summary dt{font-weight:600}
dl.summary dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
/* A phone, or large text: each figure under its label, so neither is squeezed to a few letters. */
@media (max-width:30rem){dl.summary{grid-template-columns:minmax(0,1fr);gap:0}dl.summary dd{text-align:left;margin-bottom:.5rem}}
.docs{padding-left:1.25rem}
.actions{display:grid;gap:.75rem;margin-top:1.25rem}
.actions form{margin:0}
button{width:100%;padding:.85rem 1rem;border-radius:.5rem;font:inherit;font-weight:700;cursor:pointer}
.primary{background:var(--brand);color:#fff;border:2px solid var(--brand)}
.primary:hover{background:var(--brand-dark)}
.secondary{background:#fff;color:var(--brand);border:2px solid var(--brand)}
.hint{font-size:.875rem;color:#4a4a4f;margin:.25rem 0 0}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
a{color:#0550ae}
.doc{max-width:52rem}
.doc table{overflow-wrap:normal;border-collapse:collapse;width:100%;margin:1rem 0;font-size:.875rem}
.doc th,.doc td{border:1px solid #c9c9cf;padding:.35rem .4rem;text-align:right;font-variant-numeric:tabular-nums;hyphens:auto}
/* Narrow screens: one block per period, each figure labelled with its column's header. */
@media (max-width:40rem){
.doc thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.doc table,.doc tbody,.doc tr{display:block;width:100%}
.doc tr{margin-bottom:.75rem;border:1px solid #c9c9cf;border-radius:.375rem}
.doc th,.doc td{display:flex;justify-content:space-between;gap:1rem;border:0;border-bottom:1px solid #e3e3e6}
.doc tr>:last-child{border-bottom:0}
.doc td::before{content:attr(data-label);font-weight:600;text-align:left}
}
.doc th:first-child,.doc td:first-child{text-align:left}
.doc caption{text-align:left;font-weight:700;margin-bottom:.5rem}
`;

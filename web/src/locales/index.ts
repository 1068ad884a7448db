/**
 * The web app's English catalogue, one file per namespace (`locales/<lang>/<namespace>.json`,
 * message id `<namespace>.<key>`). Only its type is used: the set of valid message ids. The
 * catalogues themselves are compiled per language at build time (lingui-catalogs.ts), and each
 * namespace but the shell's (app, pages) downloads only with what shows it: a page's with the
 * page, a panel's with the panel (closed; sandbox, which production never shows).
 */
import app from './en/app.json';
import apply from './en/apply.json';
import closed from './en/closed.json';
import ds from './en/ds.json';
import errorPage from './en/error-page.json';
import index from './en/index.json';
import keyFacts from './en/key-facts.json';
import my from './en/my.json';
import myList from './en/my-list.json';
import myReview from './en/my-review.json';
import myWithdraw from './en/my-withdraw.json';
import pages from './en/pages.json';
import payment from './en/payment.json';
import sandbox from './en/sandbox.json';
import sign from './en/sign.json';
import signFail from './en/sign-fail.json';

export const WEB_CATALOGUE_EN = { app, apply, closed, ds, 'error-page': errorPage, index, 'key-facts': keyFacts, my, 'my-list': myList, 'my-review': myReview, 'my-withdraw': myWithdraw, pages, payment, sandbox, sign, 'sign-fail': signFail };
export type WebCatalogue = typeof WEB_CATALOGUE_EN;

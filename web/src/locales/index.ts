/**
 * The web app's English catalogue, one file per namespace (`locales/<lang>/<namespace>.json`,
 * message id `<namespace>.<key>`). Only its type is used: the set of valid message ids. The
 * catalogues themselves are compiled per language at build time (lingui-catalogs.ts).
 */
import app from './en/app.json';
import apply from './en/apply.json';
import ds from './en/ds.json';
import index from './en/index.json';
import pages from './en/pages.json';
import payment from './en/payment.json';
import sign from './en/sign.json';

export const WEB_CATALOGUE_EN = { app, apply, ds, index, pages, payment, sign };
export type WebCatalogue = typeof WEB_CATALOGUE_EN;

/**
 * Resurs' limits on what a payment may carry, from the validation of the library Resurs ships
 * in its WooCommerce plugin (common-repository/resurs-bank-payments-for-woocommerce@99c3b3f,
 * `lib/ecom/src/`; ecom2 has the same rules): a request outside them is refused, so the adapter
 * fits what it sends into them. Lengths are in bytes of UTF-8: the library counts with PHP's
 * `strlen` (`Lib/Attribute/Validation/StringLength.php`).
 */
import { createHash } from 'node:crypto';

/**
 * `order.orderReference`: 1 to 32 of letters, digits, `_`, `-` and `/`
 * (`Lib/Model/Payment/CreatePaymentRequest/Order.php:37`, `/^[\w\-_\/]{1,32}$/`). The payment
 * Resurs answers carries it back under a stricter rule, without `/`
 * (`Lib/Model/Payment/Order.php:31`, `/^[\w\-_]{1,36}$/`): a reference that fits both is sent
 * as it is.
 */
const FITS_AS_IS = /^[A-Za-z0-9_-]{1,32}$/;
/** How much of an unfitting reference stays readable in front of its hash. */
const READABLE_PART = 20;

/**
 * The order reference Resurs gets for a portal reference: the reference itself when it fits,
 * otherwise its fitting characters (up to 20) and a hash of the whole, so that the same
 * reference always gives the same order reference (a retry finds the payment the first try made)
 * and two references that share a beginning do not collide.
 */
export function resursOrderReference(reference: string): string {
  if (FITS_AS_IS.test(reference)) return reference;
  const hash = createHash('sha256').update(reference).digest('base64url');
  const readable = reference
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, READABLE_PART)
    .replace(/-+$/, '');
  return readable ? `${readable}-${hash.slice(0, 31 - readable.length)}` : hash.slice(0, 32);
}

const encoder = new TextEncoder();
const bytesOf = (value: string) => encoder.encode(value).length;

/**
 * `value` cut to at most `max` bytes of UTF-8, whole characters only; with `mark`, a cut value
 * ends in it (within the limit), so a reader sees that something is missing.
 */
export function fitBytes(value: string, max: number, mark = ''): string {
  if (bytesOf(value) <= max) return value;
  const room = max - bytesOf(mark);
  let kept = '';
  for (const character of value) {
    if (bytesOf(kept + character) > room) break;
    kept += character;
  }
  return `${kept.trimEnd()}${mark}`;
}

/** `Lib/Model/Address.php:28-37`: the delivery address's limits. */
export const ADDRESS_LIMITS = { name: 50, addressRow: 100, postalArea: 50 } as const;
/** `Lib/Model/Address.php:31`: a postal code is 1 to 10 digits or spaces. */
export const POSTAL_CODE = /^[ \d]{1,10}$/;
/** `Lib/Model/Payment/Order/ActionLog/OrderLine.php:35-51`: an order line's description and reference. */
export const ORDER_LINE_LIMITS = { description: 100, reference: 50 } as const;
/** `Lib/Model/Payment/Customer/DeviceInfo.php:29-35`: the browser's user agent. */
export const USER_AGENT_LIMIT = 200;

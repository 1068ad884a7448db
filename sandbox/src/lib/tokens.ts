/**
 * The simulators' small helpers for tokens and credentials: tokens are random and kept only by
 * their hash, presented credentials are compared with the registered ones in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

export const sha256Hex = (text: string): string => digest(text).toString('hex');

/** An opaque, URL-safe token with `bytes` of randomness. */
export const randomToken = (bytes = 18): string => randomBytes(bytes).toString('base64url');

/** Whether a presented secret is the registered one, compared in constant time whatever the lengths. */
export const safeEqual = (presented: string, registered: string): boolean => timingSafeEqual(digest(presented), digest(registered));

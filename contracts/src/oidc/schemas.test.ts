import { describe, expect, it } from 'vitest';
import { violations } from '../index';
import { fixture } from '../fixtures';
import {
  iduraAuthorizeQuery,
  iduraNorwegianIdToken,
  iduraSwedishIdToken,
  signicatAuthorizeQuery,
  signicatIdToken,
  signicatUserInfo,
  tokenAnswer,
} from './schemas';

/** Each published example read by the schema of its call: the transcription agrees with itself. */
describe('BankID brokers: the published examples fit the transcribed shapes', () => {
  it.each([
    ['idura-authorize', iduraAuthorizeQuery],
    ['signicat-nbid-authorize', signicatAuthorizeQuery],
    ['signicat-sbid-authorize', signicatAuthorizeQuery],
  ] as const)('%s: the authorization request', (name, schema) => {
    expect(violations(schema, fixture('oidc', name).request)).toEqual([]);
  });

  it.each([
    ['idura-no-bankid-id-token', iduraNorwegianIdToken],
    ['idura-se-bankid-id-token', iduraSwedishIdToken],
    ['signicat-sbid-token', tokenAnswer],
    ['signicat-sbid-id-token', signicatIdToken],
    ['signicat-sbid-userinfo', signicatUserInfo],
    ['signicat-nbid-userinfo', signicatUserInfo],
  ] as const)('%s: the answer', (name, schema) => {
    expect(violations(schema, fixture('oidc', name).answer)).toEqual([]);
  });

  it('each broker refuses the other one\u2019s BankID values and scopes', () => {
    const idura = fixture('oidc', 'idura-authorize').request as Record<string, string>;
    const signicat = fixture('oidc', 'signicat-nbid-authorize').request as Record<string, string>;
    expect(violations(iduraAuthorizeQuery, { ...idura, acr_values: 'idp:nbid' })).toEqual(['$.acr_values: names no BankID value of this broker']);
    expect(violations(iduraAuthorizeQuery, { ...idura, scope: 'openid profile nin' })).toEqual(['$.scope: names a scope the broker does not offer']);
    expect(violations(signicatAuthorizeQuery, { ...signicat, acr_values: 'urn:grn:authn:no:bankid' })).toEqual(['$.acr_values: names no BankID value of this broker']);
    expect(violations(signicatAuthorizeQuery, { ...signicat, scope: 'profile nin' })).toEqual(['$.scope: must include openid']);
    expect(violations(signicatAuthorizeQuery, { ...signicat, claims: '{}' })).toHaveLength(1);
  });
});

/**
 * oidc-provider's storage (interactions, sessions, grants, codes, tokens) in the sandbox's
 * records table, one namespace per model, each record expiring when the provider says. Any
 * server instance on the same database can therefore continue a login another one started.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { SandboxRecords } from '../records';

/** The payload, with the fields the provider looks records up by copied to the top level. */
interface StoredModel {
  payload: AdapterPayload;
  /** Epoch seconds; consuming a record must not extend its life. */
  expiresAt: number | null;
  uid?: string;
  grantId?: string;
  userCode?: string;
}

const epochNow = () => Math.floor(Date.now() / 1000);

export function sandboxAdapterFactory(records: SandboxRecords): (name: string) => Adapter {
  return (name) => {
    const store = records.store<StoredModel>(`bankid-${name}`);

    const write = (id: string, record: StoredModel) => {
      const ttl = record.expiresAt === null ? undefined : Math.max(1, record.expiresAt - epochNow());
      return store.put(id, record, ttl);
    };
    const payloadOf = (record: StoredModel | null | undefined) => record?.payload;

    return {
      async upsert(id, payload, expiresIn) {
        await write(id, {
          payload,
          expiresAt: typeof expiresIn === 'number' ? epochNow() + expiresIn : null,
          ...(typeof payload.uid === 'string' ? { uid: payload.uid } : {}),
          ...(typeof payload.grantId === 'string' ? { grantId: payload.grantId } : {}),
          ...(typeof payload.userCode === 'string' ? { userCode: payload.userCode } : {}),
        });
      },
      async find(id) {
        return payloadOf(await store.get(id));
      },
      async findByUid(uid) {
        const [match] = await store.findBy('uid', uid);
        return payloadOf(match?.data);
      },
      async findByUserCode(userCode) {
        const [match] = await store.findBy('userCode', userCode);
        return payloadOf(match?.data);
      },
      async consume(id) {
        const record = await store.get(id);
        if (record) await write(id, { ...record, payload: { ...record.payload, consumed: epochNow() } });
      },
      async destroy(id) {
        await store.remove(id);
      },
      async revokeByGrantId(grantId) {
        for (const { id } of await store.findBy('grantId', grantId)) await store.remove(id);
      },
    };
  };
}

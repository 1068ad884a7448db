import type { CustomerType } from '@portal/domain';
import type { Queryable } from '../db';
import { personalDataOf } from './personal-data';

export interface CustomerRecord {
  applicationId: string;
  type: CustomerType;
  nationalId: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  organisationNumber: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
}

interface CustomerRow {
  application_id: string;
  type: CustomerType;
  national_id: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  organisation_number: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
}

// National ID, e-mail and phone are sealed in the database (ADR 12); callers see plain values.
export const SEALED_CUSTOMER_COLUMNS = ['national_id', 'email', 'phone'] as const;
const purpose = (column: (typeof SEALED_CUSTOMER_COLUMNS)[number]) => `customers.${column}`;

const toRecord = (db: Queryable, row: CustomerRow): CustomerRecord => {
  const pd = personalDataOf(db);
  return {
    applicationId: row.application_id,
    type: row.type,
    nationalId: pd.openNullable(purpose('national_id'), row.national_id),
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    organisationNumber: row.organisation_number,
    email: pd.openNullable(purpose('email'), row.email),
    phone: pd.openNullable(purpose('phone'), row.phone),
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
  };
};

export type ContactDetails = Pick<CustomerRecord, 'email' | 'phone' | 'address' | 'postalCode' | 'city'>;

export function customersRepository(db: Queryable) {
  return {
    async insert(customer: CustomerRecord): Promise<void> {
      const pd = personalDataOf(db);
      await db.query(
        `INSERT INTO customers (application_id, type, national_id, national_id_hash, first_name, last_name, company_name,
           organisation_number, email, phone, address, postal_code, city)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          customer.applicationId, customer.type, pd.sealNullable(purpose('national_id'), customer.nationalId),
          customer.nationalId === null ? null : pd.nationalIdHash(customer.nationalId), customer.firstName, customer.lastName,
          customer.companyName, customer.organisationNumber, pd.sealNullable(purpose('email'), customer.email),
          pd.sealNullable(purpose('phone'), customer.phone), customer.address, customer.postalCode, customer.city,
        ],
      );
    },

    async findByApplicationId(applicationId: string): Promise<CustomerRecord | null> {
      const [row] = await db.query<CustomerRow>('SELECT * FROM customers WHERE application_id = $1', [applicationId]);
      return row ? toRecord(db, row) : null;
    },

    async findByApplicationIds(applicationIds: readonly string[]): Promise<CustomerRecord[]> {
      if (applicationIds.length === 0) return [];
      const rows = await db.query<CustomerRow>('SELECT * FROM customers WHERE application_id = ANY($1::uuid[])', [
        applicationIds,
      ]);
      return rows.map((row) => toRecord(db, row));
    },

    /**
     * Binds an application the merchant sent without a national ID to the first person who
     * identifies for it. Answers false when someone else got there first.
     */
    async claimNationalId(applicationId: string, nationalId: string): Promise<boolean> {
      const pd = personalDataOf(db);
      const rows = await db.query(
        `UPDATE customers SET national_id = $2, national_id_hash = $3, updated_at = now()
         WHERE application_id = $1 AND national_id IS NULL RETURNING application_id`,
        [applicationId, pd.seal(purpose('national_id'), nationalId), pd.nationalIdHash(nationalId)],
      );
      return rows.length === 1;
    },

    async updateContact(applicationId: string, contact: ContactDetails): Promise<void> {
      const pd = personalDataOf(db);
      await db.query(
        `UPDATE customers SET email = $2, phone = $3, address = $4, postal_code = $5, city = $6, updated_at = now()
         WHERE application_id = $1`,
        [
          applicationId, pd.sealNullable(purpose('email'), contact.email), pd.sealNullable(purpose('phone'), contact.phone),
          contact.address, contact.postalCode, contact.city,
        ],
      );
    },
  };
}
export type CustomersRepository = ReturnType<typeof customersRepository>;

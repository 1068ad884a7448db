import type { CustomerType } from '@portal/domain';
import type { Queryable } from '../db';

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

const toRecord = (row: CustomerRow): CustomerRecord => ({
  applicationId: row.application_id,
  type: row.type,
  nationalId: row.national_id,
  firstName: row.first_name,
  lastName: row.last_name,
  companyName: row.company_name,
  organisationNumber: row.organisation_number,
  email: row.email,
  phone: row.phone,
  address: row.address,
  postalCode: row.postal_code,
  city: row.city,
});

export type ContactDetails = Pick<CustomerRecord, 'email' | 'phone' | 'address' | 'postalCode' | 'city'>;

export function customersRepository(db: Queryable) {
  return {
    async insert(customer: CustomerRecord): Promise<void> {
      await db.query(
        `INSERT INTO customers (application_id, type, national_id, first_name, last_name, company_name,
           organisation_number, email, phone, address, postal_code, city)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          customer.applicationId, customer.type, customer.nationalId, customer.firstName, customer.lastName,
          customer.companyName, customer.organisationNumber, customer.email, customer.phone,
          customer.address, customer.postalCode, customer.city,
        ],
      );
    },

    async findByApplicationId(applicationId: string): Promise<CustomerRecord | null> {
      const [row] = await db.query<CustomerRow>('SELECT * FROM customers WHERE application_id = $1', [applicationId]);
      return row ? toRecord(row) : null;
    },

    async findByApplicationIds(applicationIds: readonly string[]): Promise<CustomerRecord[]> {
      if (applicationIds.length === 0) return [];
      const rows = await db.query<CustomerRow>('SELECT * FROM customers WHERE application_id = ANY($1::uuid[])', [
        applicationIds,
      ]);
      return rows.map(toRecord);
    },

    /**
     * Binds an application the merchant sent without a national ID to the first person who
     * identifies for it. Answers false when someone else got there first.
     */
    async claimNationalId(applicationId: string, nationalId: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE customers SET national_id = $2, updated_at = now()
         WHERE application_id = $1 AND national_id IS NULL RETURNING application_id`,
        [applicationId, nationalId],
      );
      return rows.length === 1;
    },

    async updateContact(applicationId: string, contact: ContactDetails): Promise<void> {
      await db.query(
        `UPDATE customers SET email = $2, phone = $3, address = $4, postal_code = $5, city = $6, updated_at = now()
         WHERE application_id = $1`,
        [applicationId, contact.email, contact.phone, contact.address, contact.postalCode, contact.city],
      );
    },
  };
}
export type CustomersRepository = ReturnType<typeof customersRepository>;

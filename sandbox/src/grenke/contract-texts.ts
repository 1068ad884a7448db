import type { Language } from '@portal/domain';

/**
 * The sandbox lease contract's words. The document language follows the lessee's country
 * (Norwegian bokmål for Norway, Swedish for Sweden); English is kept for any other country.
 */
const en = {
  title: 'Lease agreement',
  sandbox: 'SANDBOX SAMPLE: not a valid agreement. No lease is entered into and no money moves.',
  lessor: 'Lessor',
  lessorName: 'GRENKE (sandbox)',
  lessee: 'Lessee',
  companyName: 'Company',
  organisationNumber: 'Organisation number',
  address: 'Address',
  email: 'E-mail',
  objects: 'Leased objects',
  quantity: 'Qty',
  description: 'Description',
  serialNumber: 'Serial number',
  unitPrice: 'Unit price excl. VAT',
  terms: 'Terms',
  financedAmount: 'Financed amount',
  period: 'Lease period',
  months: '{n} months',
  monthlyInstalment: 'Monthly instalment',
  serviceFeeIncluded: 'including a service fee of {fee}',
  paymentMethod: 'Payment',
  paymentMethodValue: 'Monthly, by direct debit',
  agreementNumber: 'Agreement number',
  reference: 'Reference',
  date: 'Date',
  clause:
    "The lessee confirms having read and accepted the general lease terms. The agreement becomes binding once it has been signed by the lessee's authorised signatory and accepted by the lessor. The leased objects remain the lessor's property throughout the lease period.",
  signature: 'To be signed electronically with BankID by a person authorised to sign for the lessee.',
};

export type ContractTexts = typeof en;

const nb: ContractTexts = {
  title: 'Leieavtale',
  sandbox: 'EKSEMPEL FRA SANDKASSEN: ikke en gyldig avtale. Ingen leieavtale inngås, og ingen penger overføres.',
  lessor: 'Utleier',
  lessorName: 'GRENKE (sandkasse)',
  lessee: 'Leietaker',
  companyName: 'Firma',
  organisationNumber: 'Organisasjonsnummer',
  address: 'Adresse',
  email: 'E-post',
  objects: 'Leieobjekter',
  quantity: 'Antall',
  description: 'Beskrivelse',
  serialNumber: 'Serienummer',
  unitPrice: 'Enhetspris ekskl. mva.',
  terms: 'Vilkår',
  financedAmount: 'Finansiert beløp',
  period: 'Leieperiode',
  months: '{n} måneder',
  monthlyInstalment: 'Månedlig leie',
  serviceFeeIncluded: 'inkludert et servicegebyr på {fee}',
  paymentMethod: 'Betaling',
  paymentMethodValue: 'Månedlig, med AvtaleGiro',
  agreementNumber: 'Avtalenummer',
  reference: 'Referanse',
  date: 'Dato',
  clause:
    'Leietaker bekrefter å ha lest og godtatt de alminnelige leievilkårene. Avtalen blir bindende når den er signert av den som har signaturrett for leietaker, og er godkjent av utleier. Leieobjektene er utleiers eiendom i hele leieperioden.',
  signature: 'Signeres elektronisk med BankID av en person med signaturrett for leietaker.',
};

const sv: ContractTexts = {
  title: 'Leasingavtal',
  sandbox: 'EXEMPEL FRÅN SANDLÅDAN: inget giltigt avtal. Inget leasingavtal ingås och inga pengar flyttas.',
  lessor: 'Leasegivare',
  lessorName: 'GRENKE (sandlåda)',
  lessee: 'Leasetagare',
  companyName: 'Företag',
  organisationNumber: 'Organisationsnummer',
  address: 'Adress',
  email: 'E-post',
  objects: 'Leasingobjekt',
  quantity: 'Antal',
  description: 'Beskrivning',
  serialNumber: 'Serienummer',
  unitPrice: 'Styckpris exkl. moms',
  terms: 'Villkor',
  financedAmount: 'Finansierat belopp',
  period: 'Avtalstid',
  months: '{n} månader',
  monthlyInstalment: 'Månadsavgift',
  serviceFeeIncluded: 'varav serviceavgift {fee}',
  paymentMethod: 'Betalning',
  paymentMethodValue: 'Månadsvis via autogiro',
  agreementNumber: 'Avtalsnummer',
  reference: 'Referens',
  date: 'Datum',
  clause:
    'Leasetagaren bekräftar att ha läst och godkänt de allmänna leasingvillkoren. Avtalet blir bindande när det har undertecknats av leasetagarens firmatecknare och godkänts av leasegivaren. Leasingobjekten är leasegivarens egendom under hela avtalstiden.',
  signature: 'Undertecknas elektroniskt med BankID av en person med rätt att teckna leasetagarens firma.',
};

export const CONTRACT_TEXTS: Readonly<Record<Language, ContractTexts>> = { en, nb, sv };

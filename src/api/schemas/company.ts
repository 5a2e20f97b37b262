/**
 * CompanyLanding: the record of a company, with its detailed blocks (registration data, contacts,
 * documents, people, six finance blocks, activity, reviews analytics) and its relation lists.
 */
import { z } from 'zod';
import { CategoriesSchema, block, datePair, dateValue, number, text, texts, updatable } from './common.js';
import { ReviewsAnalyticsSchema } from './reviews.js';

export const CompanyInfoSchema = updatable({
  fullName: text,
  shortName: text,
  opf: text,
  // Spelled exactly as published (sic), next to a correctly spelled registrationDateString.
  readonlyegistrationDate: dateValue,
  registrationDateString: text,
  registrationAddress: text,
  federalDistrict: text,
  status: text,
  city: text,
  country: text,
});

export const CompanyContactsSchema = updatable({ phoneNumbers: texts, emails: texts });

export const OkvedSchema = block({ code: text, name: text });

export const CompanyRequisitesSchema = updatable({
  inn: text,
  kpp: text,
  ogrn: text,
  registrator: text,
  report: text,
  okato: text,
  oktmo: text,
  okpo: text,
  mainOkved: OkvedSchema,
  otherOkveds: z.array(OkvedSchema),
});

export const DocumentSchema = block({ type: text, series: text, number: text, ...datePair('issueDate'), issueAuthority: text });

export const SmbRegistrationSchema = block({ type: text, category: text, ...datePair('issueDate') });

// License dates are published as strings, unlike the Date fields elsewhere.
export const LicenseSchema = block({
  series: text,
  number: text,
  issueDate: text,
  issueAuthority: text,
  suspendDate: text,
  suspendAuthority: text,
  validFrom: text,
  validTo: text,
  activities: texts,
  addresses: texts,
});

export const CompanyDocumentsSchema = updatable({
  ftsRegistration: DocumentSchema,
  ftsReport: DocumentSchema,
  pfRegistration: DocumentSchema,
  sifRegistration: DocumentSchema,
  smb: SmbRegistrationSchema,
  licenses: z.array(LicenseSchema),
});

export const CompanyPersonSchema = block({ ogrn: text, inn: text, name: text, post: text, type: text });
const people = z.array(CompanyPersonSchema);

export const CompanyManagersAndFoundersSchema = updatable({ managers: people, founders: people });

export const CompanyPredecessorsAndSuccessorsSchema = updatable({ predecessors: people, successors: people });

/**
 * Point: its fields are not published; a number or an object, and null. The key formats of both
 * Record levels are not published either, so any string key is accepted.
 */
export const PointSchema = z.union([number, z.looseObject({}), z.null()], { error: 'expected a finance point (a number or an object)' });
const financeTable = z.record(z.string(), z.record(z.string(), PointSchema));

function financeBlock<const F extends string>(fields: readonly F[]) {
  const shape = Object.fromEntries(fields.map((field) => [field, financeTable])) as Record<F, typeof financeTable>;
  return updatable(shape);
}

export const FinanceAssetSchema = financeBlock(['mainAssets', 'nonCurrentAssets', 'currentAssets', 'balance']);
export const FinanceLiabilitySchema = financeBlock(['capitalAndReserves', 'longTermObligations', 'shortTermObligations', 'balance']);
export const FinanceResultsSchema = financeBlock([
  'revenueAndCost',
  'operatingExpenses',
  'otherIncomeExpenses',
  'taxesAndNetProfit',
  'comprehensiveResult',
  'earningsPerShare',
]);
export const FinanceCapitalSchema = financeBlock(['capitalValues', 'capitalIncrease', 'capitalDecrease', 'capitalAdjustments']);
export const FinanceCashFlowSchema = financeBlock(['operating', 'investing', 'financing', 'summary']);
export const FinanceTargetUsageSchema = financeBlock(['fundsReceived', 'fundsUsed', 'balances']);

export const CompanyCategoriesSchema = CategoriesSchema;

/** The company record's own blocks (records.ts adds the header and the relation lists). */
export const companyBlocks = {
  companyInfo: CompanyInfoSchema,
  companyContacts: CompanyContactsSchema,
  companyRequisites: CompanyRequisitesSchema,
  companyDocuments: CompanyDocumentsSchema,
  companyManagersAndFounders: CompanyManagersAndFoundersSchema,
  companyPredecessorsAndSuccessors: CompanyPredecessorsAndSuccessorsSchema,
  financeAsset: FinanceAssetSchema,
  financeLiability: FinanceLiabilitySchema,
  financeResults: FinanceResultsSchema,
  financeCapital: FinanceCapitalSchema,
  financeCashFlow: FinanceCashFlowSchema,
  financeTargetUsage: FinanceTargetUsageSchema,
  companyCategories: CompanyCategoriesSchema,
  companyReviews: ReviewsAnalyticsSchema,
};

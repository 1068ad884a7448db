/**
 * Signicat Enterprise Sign API v1, the calls the portal makes, as Signicat publishes them.
 *
 * Sources:
 * - [O] signicat/signicat-net@4fb2310 (Release 1.15.0), Signicat's official .NET SDK, under
 *   `src/Signicat.SDK/`: the models in `Services/Signing/Enterprise/Entities/*.cs`, the calls in
 *   `Services/Signing/Enterprise/EnterpriseSignatureService.cs`, the token in
 *   `Infrastructure/AuthManager.cs` and `Infrastructure/Urls.cs`, the error in
 *   `Entities/SignicatError.cs` and `Entities/EnterpriseValidationError.cs`.
 *   The wire names follow from `Infrastructure/Mapper.cs:16-21,35`: a C# property without a
 *   `[JsonPropertyName]` is written camelCase (`ClientReference` → `clientReference`,
 *   `Subject.Attributes` → `attributes`), an enum is written in upper case
 *   (`JsonStringEnumConverter(new UpperCaseNamingPolicy())`, `UpperCaseNamingPolicy.cs`), a
 *   property left unset is written as `null` (System.Text.Json's default), and answers are read
 *   without regard to the case of property names (`PropertyNameCaseInsensitive = true`).
 * - [O] the SDK's own integration test against Signicat,
 *   `src/Signicat.SDK.Tests/Services/Signing/EnterpriseSigningTestSignatureEndpoints.cs`: a valid
 *   order (:50-130) and the refusal of a subject attribute without a value (:323-437).
 * - [V] developer.signicat.com/apis/electronic-signing/enterprise/ ("Signicat Sign API (v1)",
 *   read 2026-11-27): the limits of `clientReference` (1-255 characters), `tasks` (required, at
 *   least one), `daysUntilDeletion` (1-30), the problem answer `{status, type, title, detail}` and
 *   the example `documentId` of "Upload session document".
 * - [S] where Signicat publishes nothing: a production client, NTech's
 *   `nCustomer/Services/EidSignatures/Signicat2/Signicat2SignatureClient.cs`, which binds the signer
 *   with `subject.attributes: [{name: "national-id", value, methods: [<signature method>]}]` and
 *   sends `signatureMethods: [{name, type: "AUTHENTICATION_BASED"}]`. Marked [S] where used.
 *
 * Identifiers the SDK types as `Guid` (task, document and packaging task ids, `clientReference`)
 * are plain strings here: the API reference types `clientReference` as a string of 1-255
 * characters, and the production client above uses ids such as `signTask1` and `document1`.
 *
 * Requests are strict (a field Signicat does not know fails); answers are loose (Signicat may add
 * fields). Optional request fields are `nullish` because the SDK writes unset ones as null.
 */
import { z } from 'zod';

export { oauthError, tokenAnswer, tokenRequest } from '../signicat/token';

const text = z.string();
/** `string?` in the SDK, written as null when unset. */
const optionalText = text.nullish();

// ---------------------------------------------------------------------------------------------
// Token: Signicat's, shared by its APIs (../signicat/token.ts)
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Documents: POST /enterprise/sign/documents
// ---------------------------------------------------------------------------------------------

/**
 * The upload's answer. The body is the PDF itself, with its content type
 * ([O] EnterpriseSignatureService.cs:41-48, HttpRequestor.cs:209-216; UploadDocument.cs:5-8;
 * [V] "Upload session document": `string <binary>` in, `{documentId}` out).
 */
export const uploadDocumentAnswer = z.object({ documentId: text.min(1) });

// ---------------------------------------------------------------------------------------------
// Orders: POST /enterprise/sign/orders, GET /enterprise/sign/orders/{id}
// ---------------------------------------------------------------------------------------------

/** [O] SigningOrderCreateOptions.cs:100-105. */
export const notificationType = z.enum(['SMS', 'EMAIL', 'URL']);
/** [O] SigningOrderCreateOptions.cs:127-135. */
export const triggerStatus = z.enum(['CREATED', 'COMPLETED', 'REJECTED', 'EXPIRED', 'FORWARDED', 'STARTED']);
/** [O] SigningOrderCreateOptions.cs:121-125. */
export const packagingTriggerStatus = z.enum(['CREATED', 'COMPLETED']);
/** [O] SigningOrderCreateOptions.cs:247-252. */
export const documentAction = z.enum(['SIGN', 'VIEW', 'UPLOAD']);
/** [O] SigningOrderCreateOptions.cs:241-245. */
export const documentSource = z.enum(['SESSION', 'UPLOAD']);
/** [O] SigningOrderCreateOptions.cs:277-282. */
export const signatureMethodType = z.enum(['AUTHENTICATION_BASED', 'SIGNED_STATEMENT', 'THIRD_PARTY']);
/** [O] SigningOrderCreateOptions.cs:300-307. */
export const taskStatus = z.enum(['CREATED', 'COMPLETED', 'REJECTED', 'EXPIRED', 'DELETED']);
/** [O] SigningOrderResponse.cs:19-24. */
export const packagingTaskStatus = z.enum(['CREATED', 'COMPLETED', 'FAILED']);

/** [O] SigningOrderCreateOptions.cs:137-144. */
const delay = z.strictObject({ minutes: z.number().int().nullish(), hours: z.number().int().nullish(), days: z.number().int().nullish() });

/** [O] SigningOrderCreateOptions.cs:28-41 (order), 43-60 (task), 81-98 (packaging task), 107-119 (schedules). */
const notificationFields = {
  id: optionalText,
  recipient: optionalText,
  sender: optionalText,
  header: optionalText,
  message: optionalText,
  type: notificationType.nullish(),
};
export const orderNotification = z.strictObject(notificationFields);
export const taskNotification = z.strictObject({
  ...notificationFields,
  schedule: z.array(z.strictObject({ triggerStatus, delay: delay.nullish() })).nullish(),
});
export const packagingTaskNotification = z.strictObject({
  ...notificationFields,
  schedule: z.array(z.strictObject({ triggerStatus: packagingTriggerStatus })).nullish(),
});

/**
 * One attribute of the person a task is for. [O] Entities/Attribute.cs:5-12 (`Name`, `Value`,
 * `Methods`); the API refuses an attribute without a value: 400, `tasks[0].subject.attributes[0].value`
 * "Subject attribute value is required" (EnterpriseSigningTestSignatureEndpoints.cs:356-366,
 * 426-432). The attribute that binds a task to a person's national identity number is named
 * `national-id`, and `methods` names the signature methods it applies to [S NTech
 * Signicat2SignatureClient]; Signicat's own material does not list attribute names.
 */
export const subjectAttribute = z.strictObject({
  name: text.min(1),
  value: text.min(1, 'Subject attribute value is required'),
  methods: z.array(text).nullish(),
});

/** The person a task is for. [O] Entities/Subject.cs:5-11: `Id` and `Attributes`, nothing else. */
export const subject = z.strictObject({
  id: optionalText,
  attributes: z.array(subjectAttribute).nullish(),
});

/** [O] SigningOrderCreateOptions.cs:268-275. */
export const signatureMethod = z.strictObject({
  name: optionalText,
  type: signatureMethodType.nullish(),
  handwritten: z.boolean().nullish(),
});

/** [O] SigningOrderCreateOptions.cs:218-239 (TaskDocument), 254-266 (Form, InputParam). */
export const taskDocument = z.strictObject({
  id: text.min(1),
  description: optionalText,
  action: documentAction.nullish(),
  source: documentSource.nullish(),
  documentRef: optionalText,
  externalReference: optionalText,
  signTextEntry: optionalText,
  sendResultToArchive: z.boolean().nullish(),
  form: z
    .strictObject({
      interactive: z.boolean().nullish(),
      inputParams: z.array(z.strictObject({ name: optionalText, value: optionalText })).nullish(),
    })
    .nullish(),
});

/** [O] SigningOrderCreateOptions.cs:167-202 (SignatureTask), 204-216 (Authentication, Dialog). */
const taskFields = {
  id: text.min(1),
  profile: optionalText,
  language: optionalText,
  daysToLive: z.number().int().nullish(),
  configuration: optionalText,
  documents: z.array(taskDocument).min(1),
  signatureMethods: z.array(signatureMethod).nullish(),
  authentication: z.strictObject({ methods: z.array(text).nullish(), artifact: z.boolean().nullish() }).nullish(),
  onTaskPostpone: optionalText,
  onTaskComplete: optionalText,
  onTaskReject: optionalText,
  dialog: z.strictObject({ title: optionalText, message: optionalText }).nullish(),
  notifications: z.array(taskNotification).nullish(),
  signText: optionalText,
  /** Set by Signicat in the answer; the SDK's create model carries it too (:197). */
  signingUrl: optionalText,
  subject: subject.nullish(),
  dependsOnTasks: z.array(text).nullish(),
};
export const task = z.strictObject(taskFields);

/** [O] SigningOrderCreateOptions.cs:146-165. */
export const packagingTask = z.strictObject({
  id: text.min(1),
  sendToArchive: z.boolean().nullish(),
  method: optionalText,
  notifications: z.array(packagingTaskNotification).nullish(),
  documents: z.array(z.strictObject({ taskId: text.min(1), documentIds: z.array(text.min(1)).min(1) })).nullish(),
});

/**
 * The order to create. [O] SigningOrderCreateOptions.cs:15-26; limits [V] API reference
 * ("clientReference string [1 .. 255] characters", "tasks required, [1 ..] items",
 * "daysUntilDeletion integer [1 .. 30]", notifications and packagingTasks "[1 ..] items").
 */
export const createOrderRequest = z.strictObject({
  clientReference: text.min(1).max(255).nullish(),
  tasks: z.array(task).min(1),
  notifications: z.array(orderNotification).min(1).nullish(),
  daysUntilDeletion: z.number().int().min(1).max(30).nullish(),
  packagingTasks: z.array(packagingTask).min(1).nullish(),
});

/**
 * An order as Signicat answers it (create and get). [O] `SigningOrder : SigningOrderCreateOptions`
 * with `Id` and `Artifact` (SigningOrderCreateOptions.cs:8-13): the order as sent, with its id and
 * each task's `signingUrl` (:197). It carries no status: task and packaging task statuses have
 * endpoints of their own (below).
 */
export const orderAnswer = z.object({
  id: text.min(1),
  artifact: optionalText,
  clientReference: optionalText,
  daysUntilDeletion: z.number().nullish(),
  tasks: z.array(
    z.object({
      id: text.min(1),
      language: optionalText,
      daysToLive: z.number().nullish(),
      documents: z.array(z.object({ id: text, description: optionalText, action: optionalText, source: optionalText, documentRef: optionalText })).nullish(),
      signatureMethods: z.array(z.object({ name: optionalText, type: optionalText, handwritten: z.boolean().nullish() })).nullish(),
      subject: z.object({ id: optionalText, attributes: z.array(z.object({ name: text, value: optionalText })).nullish() }).nullish(),
      onTaskPostpone: optionalText,
      onTaskComplete: optionalText,
      onTaskReject: optionalText,
      signingUrl: optionalText,
    }),
  ),
  packagingTasks: z
    .array(z.object({ id: text.min(1), method: optionalText, sendToArchive: z.boolean().nullish(), documents: z.array(z.object({ taskId: text, documentIds: z.array(text) })).nullish() }))
    .nullish(),
});

// ---------------------------------------------------------------------------------------------
// Statuses and result
// ---------------------------------------------------------------------------------------------

/**
 * GET /enterprise/sign/orders/{orderId}/tasks/{taskId}/status ([O] EnterpriseSignatureService.cs:190-202):
 * `TaskStatusInfo` (SigningOrderCreateOptions.cs:285-298, 309-320).
 */
export const taskStatusAnswer = z.object({
  orderId: optionalText,
  taskId: optionalText,
  taskStatus,
  clientReference: optionalText,
  documents: z
    .array(z.object({ id: optionalText, originalUri: optionalText, generatedUri: optionalText, resultUri: optionalText }))
    .nullish(),
});

/**
 * GET /enterprise/sign/orders/{orderId}/packaging-tasks/{packagingTaskId}/status
 * ([O] EnterpriseSignatureService.cs:176-188): `PackagingTaskStatusInfo` (SigningOrderResponse.cs:6-17).
 * The result itself is GET …/packaging-tasks/{packagingTaskId}/result, the PDF (:162-174).
 */
export const packagingStatusAnswer = z.object({
  orderId: optionalText,
  packagingTaskId: optionalText,
  packagingTaskStatus,
  packagingTaskResultUri: optionalText,
});

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * Signicat's error answer: problem details `{status, type, title, detail}` [V API reference,
 * response samples; O Subject.cs:13-21 `ClientProblem`], with `code` and `traceId`, and for a
 * request that breaks a rule, `violations: [{propertyPath, message}]` (Enterprise Sign;
 * [O] SignicatError.cs:6-59, EnterpriseValidationError.cs:5-10; the SDK's test reads
 * `tasks[0].subject.attributes[0].value` from it).
 */
export const problem = z.object({
  status: z.number().int().nullish(),
  type: optionalText,
  title: optionalText,
  detail: optionalText,
  code: optionalText,
  traceId: optionalText,
  violations: z.array(z.object({ propertyPath: text, message: text })).nullish(),
});

/** Paths, for stand-ins and simulators. */
export const PATHS = {
  token: '/auth/open/connect/token',
  documents: '/enterprise/sign/documents',
  orders: '/enterprise/sign/orders',
  order: /^\/enterprise\/sign\/orders\/[^/]+$/,
  taskStatus: /^\/enterprise\/sign\/orders\/[^/]+\/tasks\/[^/]+\/status$/,
  packagingStatus: /^\/enterprise\/sign\/orders\/[^/]+\/packaging-tasks\/[^/]+\/status$/,
  packagingResult: /^\/enterprise\/sign\/orders\/[^/]+\/packaging-tasks\/[^/]+\/result$/,
} as const;

/**
 * A zod issue's path as Signicat writes a violation's `propertyPath`: `tasks[0].subject.attributes[0].value`
 * ([O] EnterpriseSigningTestSignatureEndpoints.cs:430-431).
 */
export function propertyPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

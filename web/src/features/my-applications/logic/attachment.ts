import { REVIEW_ATTACHMENT_MAX_BYTES, REVIEW_ATTACHMENT_TYPES, type ReviewRequestBody } from '@portal/domain';

export type Attachment = NonNullable<ReviewRequestBody['attachment']>;
type AttachmentType = Attachment['contentType'];

/** Why a chosen file cannot go with the request; checked before it is read, so nothing is lost. */
export type AttachmentProblem = 'type' | 'size' | 'unreadable';

const isAllowedType = (type: string): type is AttachmentType => (REVIEW_ATTACHMENT_TYPES as readonly string[]).includes(type);

/** The file's type by its name, for a browser that gives none (some do for a PDF from a phone's files). */
function typeOf(file: File): string {
  if (file.type) return file.type;
  const name = file.name.toLowerCase();
  if (name.endsWith('.pdf')) return 'application/pdf';
  if (name.endsWith('.png')) return 'image/png';
  if (name.endsWith('.jpg') || name.endsWith('.jpeg')) return 'image/jpeg';
  return '';
}

/** Whether the file may go with a review request: a PDF, JPEG or PNG of at most 2 MB. */
export function attachmentProblem(file: File): AttachmentProblem | null {
  if (!isAllowedType(typeOf(file))) return 'type';
  if (file.size > REVIEW_ATTACHMENT_MAX_BYTES) return 'size';
  return null;
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      // A data URL: `data:<type>;base64,<bytes>`.
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The file as the request carries it; a problem instead when it may not go or cannot be read. */
export async function readAttachment(file: File): Promise<{ attachment: Attachment } | { problem: AttachmentProblem }> {
  const problem = attachmentProblem(file);
  if (problem) return { problem };
  const contentType = typeOf(file);
  if (!isAllowedType(contentType)) return { problem: 'type' };
  try {
    const contentBase64 = await base64Of(file);
    if (!contentBase64) return { problem: 'unreadable' };
    return { attachment: { filename: file.name.slice(-200) || 'attachment', contentType, contentBase64 } };
  } catch {
    return { problem: 'unreadable' };
  }
}

import { REVIEW_ATTACHMENT_MAX_BYTES, REVIEW_ATTACHMENT_TYPES, type ReviewRequestBody } from '@portal/domain';

export type Attachment = NonNullable<ReviewRequestBody['attachment']>;
type AttachmentType = Attachment['contentType'];

/** Why a chosen file cannot go with the request; checked before it is read, so nothing is lost. */
export type AttachmentProblem = 'type' | 'size' | 'unreadable';

const isAllowedType = (type: string): type is AttachmentType => (REVIEW_ATTACHMENT_TYPES as readonly string[]).includes(type);

const BY_EXTENSION: Readonly<Record<string, AttachmentType>> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/** The file's type, by its name for a browser that gives none (some do for a PDF from a phone's files). */
const typeOf = (file: File): string => file.type || BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';

/** Whether the file may go with a review request: a PDF, JPEG or PNG of at most 2 MB; its type when it may. */
function check(file: File): { problem: AttachmentProblem } | { contentType: AttachmentType } {
  const contentType = typeOf(file);
  if (!isAllowedType(contentType)) return { problem: 'type' };
  return file.size > REVIEW_ATTACHMENT_MAX_BYTES ? { problem: 'size' } : { contentType };
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // A data URL: `data:<type>;base64,<bytes>`.
    reader.onload = () => resolve(String(reader.result).replace(/^[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The file as the request carries it; a problem instead when it may not go or cannot be read. */
export async function readAttachment(file: File): Promise<{ attachment: Attachment } | { problem: AttachmentProblem }> {
  const checked = check(file);
  if ('problem' in checked) return checked;
  try {
    const contentBase64 = await base64Of(file);
    if (!contentBase64) return { problem: 'unreadable' };
    return { attachment: { filename: file.name.slice(-200) || 'attachment', contentType: checked.contentType, contentBase64 } };
  } catch {
    return { problem: 'unreadable' };
  }
}

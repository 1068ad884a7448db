import { useEffect, useRef } from 'react';
import type { ConsentView } from '@portal/domain';
import { Checkbox } from '@/components/ui/checkbox';
import { useT } from '@/lib/i18n';
import { fieldMessage } from '../logic/field-message';
import { consentField } from '../logic/form-values';
import type { ApplyFormState } from '../hooks/use-apply-form';
import { NewTabLink, newTabNote } from './new-tab-link';

/**
 * One consent: its text from the server (HTML the server has sanitised) beside the box, and its
 * documents under it. Links open in a new tab, so reading a document never loses the form.
 * `required` false: a consent only some choice needs (renewal, while nothing is selected), which
 * the customer may leave unticked and still apply.
 */
export function ConsentCheckbox({ consent, state, required = true }: { consent: ConsentView; state: ApplyFormState; required?: boolean }) {
  const t = useT();
  const textRef = useRef<HTMLSpanElement>(null);
  const name = consentField(consent.type);
  const note = t('apply.newTab');

  useEffect(() => {
    for (const link of textRef.current?.querySelectorAll('a') ?? []) newTabNote(link, note);
  }, [consent.text, note]);
  if (!name) return null;

  return (
    <div className="space-y-2">
      <Checkbox
        aria-required={required}
        error={fieldMessage(state.form.formState.errors[name], t)}
        {...state.form.register(name, state.validateOnChange(name))}
      >
        <span ref={textRef} dangerouslySetInnerHTML={{ __html: consent.text }} />
      </Checkbox>
      {consent.files.length > 0 ? (
        <ul className="space-y-1 pl-9">
          {consent.files.map((file) => (
            <li key={file.link}>
              <NewTabLink href={file.link}>{file.label}</NewTabLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

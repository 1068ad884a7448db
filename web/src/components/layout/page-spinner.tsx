import { Spinner } from '@/components/ui/spinner';

/** The global spinner: while a page's code or data loads, in place of the page. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" {...(label ? { label } : {})} />
    </div>
  );
}

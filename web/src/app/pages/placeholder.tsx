import ErrorPage from './error-page';

/** Steps of the flow that are not built yet answer as not found rather than with an empty page. */
export default function PlaceholderPage() {
  return <ErrorPage status="404" />;
}

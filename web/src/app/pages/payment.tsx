import PlaceholderPage from './placeholder';

/** Not built yet: answers as not found rather than with an empty page. */
export default function Page() {
  return <PlaceholderPage />;
}

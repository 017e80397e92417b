import { LayoutPage } from '../layout/LayoutPage.tsx';

/** `/`: the home layout (spec 000 §2), hydrated by the server like every layout page. */
export function HomePage() {
  return <LayoutPage />;
}

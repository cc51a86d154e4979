import type { ModelsProps } from '../app/props';
import { Layout } from '../components/layout';
import { ModelCards } from '../features/catalogue/model-cards';
import '../features/catalogue/catalogue.css';

/** The list of model pages (/models). */
export function ModelsPage({ site, page }: ModelsProps) {
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <ModelCards models={page.models} headingLevel={2} />
    </Layout>
  );
}

import type { ReactNode } from 'react';
import '../styles/global.css';
import type { SiteView } from '../types/generated/SiteView';
import { SiteContext } from './site-context';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ToastRegion } from './toast';

/** Every page's frame: skip link, header, main landmark and footer. */
export function Layout({ site, children }: { site: SiteView; children: ReactNode }) {
  return (
    <SiteContext.Provider value={site}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader site={site} />
      <main id="main" tabIndex={-1} className="container site-main">
        {children}
      </main>
      <SiteFooter site={site} />
      <ToastRegion />
    </SiteContext.Provider>
  );
}

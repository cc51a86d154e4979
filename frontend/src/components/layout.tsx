import type { ReactNode } from 'react';
import '../styles/global.css';
import type { SiteView } from '../types/generated/SiteView';
import { ConsentBanner } from './consent-banner';
import { SiteContext } from '../lib/site-context';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { Shared } from './shared-fragment';
import { ToastRegion } from './toast';

/** Every page's frame: skip link, header, main landmark and footer. The header and
 *  footer depend on the site alone: the SSR worker renders them once per site. */
export function Layout({ site, children }: { site: SiteView; children: ReactNode }) {
  return (
    <SiteContext.Provider value={site}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Shared id="header" data={site}>
        <SiteHeader site={site} />
      </Shared>
      <main id="main" tabIndex={-1} className="container site-main">
        {children}
      </main>
      <Shared id="footer" data={site}>
        <SiteFooter site={site} />
      </Shared>
      <ToastRegion />
      <ConsentBanner site={site} />
    </SiteContext.Provider>
  );
}

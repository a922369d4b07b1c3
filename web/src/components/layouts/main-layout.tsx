import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';

/** The frame of every page: portal header, the page, portal footer. */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="d-flex flex-column min-vh-100">
      <Header />
      <main className="flex-grow-1">{children}</main>
      <Footer />
    </div>
  );
}

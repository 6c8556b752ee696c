import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A link inside running text: bold, in the brand colour, underlined on hover. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="font-semibold text-brand-700 hover:underline">
      {children}
    </Link>
  );
}

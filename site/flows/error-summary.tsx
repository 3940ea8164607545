'use client';
/**
 * The error summary a failed Next shows and focuses: one link per problem that moves focus to
 * its field. role="alert" makes screen readers announce it as it appears.
 */
import { forwardRef } from 'react';

export interface SummaryItem {
  targetId: string;
  message: string;
}

export const ErrorSummary = forwardRef<HTMLDivElement, { items: SummaryItem[] }>(
  function ErrorSummary({ items }, ref) {
    return (
      <div
        ref={ref}
        className="error-summary"
        role="alert"
        tabIndex={-1}
        aria-labelledby={undefined}
      >
        <p className="error-summary__title">
          <strong>
            {items.length === 1 ? 'There is a problem' : `There are ${items.length} problems`}
          </strong>
        </p>
        <ul className="error-summary__list">
          {items.map((item) => (
            <li key={item.targetId}>
              <a
                href={`#${item.targetId}`}
                onClick={(event) => {
                  const target = document.getElementById(item.targetId);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                  target.scrollIntoView?.({ block: 'center' });
                }}
              >
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  },
);

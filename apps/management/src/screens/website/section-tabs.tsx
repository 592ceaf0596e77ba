import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface SectionTab<Id extends string> {
  id: Id;
  label: string;
  content: ReactNode;
  /** The section holds a field with an error: marked on its tab. */
  invalid?: boolean;
}

/**
 * Tabs over the sections of one form (WAI-ARIA tabs pattern): Left/Right move between tabs and select,
 * Home/End go to the ends, Tab enters the panel. Every panel stays mounted (hidden when not selected), so
 * the form's fields keep their values and validation whichever tab shows.
 */
export function SectionTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: readonly SectionTab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#section-tab-${tab.id}`)?.focus();
  };
  return (
    <div className="section-tabs">
      <div className="section-tabs__list" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          // Not <button>: a read-only form disables every button in its fieldset, and the tabs must still
          // switch for the roles that only read. Clicks, arrows, Home and End select.
          <div
            key={tab.id}
            role="tab"
            id={`section-tab-${tab.id}`}
            aria-controls={`section-panel-${tab.id}`}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === selected ? 0 : -1}
            className="section-tabs__tab"
            data-invalid={tab.invalid || undefined}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onSelect(tab.id);
              }
            }}
          >
            {tab.label}
            {tab.invalid && (
              <>
                <span className="section-tabs__mark" aria-hidden="true" />
                <span className="ui-visually-hidden"> (has errors)</span>
              </>
            )}
          </div>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`section-panel-${tab.id}`}
          aria-labelledby={`section-tab-${tab.id}`}
          hidden={tab.id !== selected}
          className="section-tabs__panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}

/**
 * The pages of a section (spec section 2, "Shell": Sections, e.g. Company: Company, Locations,
 * Users, External locations, Email archive, Counting) as a row of links under the page's
 * heading; the current page is marked (`aria-current`). On a small screen (< 768 px) a select
 * list instead, as the main menu does. An item may carry a badge (a count that needs action),
 * with its meaning for screen readers.
 */
import { Box, Button, NativeSelect } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { CountBadge } from '../count-badge';
import { currentSectionItem, type SectionNavItem } from './current-item';
import classes from './section-nav.module.css';

export type { SectionNavItem };

export interface SectionNavProps {
  /** The navigation's accessible name ("Company pages"). */
  label: string;
  items: SectionNavItem[];
}

/** The section's links (a select on small screens); see the file comment. */
export function SectionNav({ label, items }: SectionNavProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = currentSectionItem(items, pathname);
  return (
    <Box className={classes.band} mb="md">
      <Box component="nav" aria-label={label} visibleFrom="sm">
        <ul className={classes.list}>
          {items.map((item) => {
            const isCurrent = item === active;
            return (
              <li key={item.path}>
                <Button
                  component={Link}
                  to={`/app/${item.path}`}
                  size="compact-sm"
                  variant={isCurrent ? 'light' : 'subtle'}
                  aria-current={isCurrent ? 'page' : undefined}
                  rightSection={item.badge && item.badge.count > 0 ? <CountBadge {...item.badge} /> : undefined}
                >
                  {item.label}
                </Button>
              </li>
            );
          })}
        </ul>
      </Box>
      <Box hiddenFrom="sm">
        <NativeSelect
          label={label}
          labelProps={{ className: 'visually-hidden' }}
          value={active?.path ?? ''}
          data={items.map((item) => ({
            value: item.path,
            label: item.badge && item.badge.count > 0 ? `${item.label} (${item.badge.count})` : item.label,
          }))}
          onChange={(event) => navigate(`/app/${event.currentTarget.value}`)}
        />
      </Box>
    </Box>
  );
}

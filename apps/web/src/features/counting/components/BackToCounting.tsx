/** The link back to the count list, above a count and the register form. */
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Back to Counting". */
export function BackToCounting() {
  const { t } = useTranslation('counting');
  return (
    <Anchor component={Link} to="/app/company/audit" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

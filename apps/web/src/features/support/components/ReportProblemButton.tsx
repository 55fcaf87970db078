/**
 * "Report a problem" on an order's page (issue 10, "Support"): opens the new-case dialog with the
 * order filled in; the new case opens once sent.
 */
import { Button } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewTicketDialog } from './NewTicketDialog';

/** The button and its dialog for order `orderId`. */
export function ReportProblemButton({ orderId }: { orderId: number }) {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconLifebuoy size={18} aria-hidden />} onClick={() => setOpened(true)}>
        {t('reportProblem')}
      </Button>
      {opened && (
        <NewTicketDialog
          opened
          orderId={orderId}
          initialTopic={t('dialog.orderTopic', { id: orderId })}
          onClose={() => setOpened(false)}
          onCreated={(id) => navigate(`/app/support/tickets/${id}`)}
        />
      )}
    </>
  );
}

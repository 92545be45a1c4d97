import { Button, Container, Group, Paper } from '@mantine/core';
import type { TLanguage } from '@rounds/contracts/common';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageTabs } from '../../components/language-tabs';
import { EulaDocument } from '../../features/legal/components/eula-document';
import { EULA_EN } from '../../features/legal/eula-en';
import { EULA_FR } from '../../features/legal/eula-fr';
import { usePreferences } from '../../lib/preferences-store';
import { usePageTitle } from '../../lib/use-page-title';

const DOCUMENTS = { en: EULA_EN, fr: EULA_FR } as const;

/**
 * The licence (spec doc 2 section 2). Its own switcher picks the document's language without changing the
 * app's, since it usually opens in a new tab from a form in progress.
 */
export function EulaRoute() {
  const { t } = useTranslation();
  const appLanguage = usePreferences((s) => s.language);
  const [language, setLanguage] = useState<TLanguage>(appLanguage);
  const document = DOCUMENTS[language];
  usePageTitle(document.title);

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'xl' }}>
      <Group justify="space-between" mb="md" className="no-print">
        <LanguageTabs label={t('eula.languageLabel')} value={language} onChange={setLanguage} />
        <Button variant="subtle" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {t('eula.print')}
        </Button>
      </Group>
      <Paper radius="lg" p={{ base: 'lg', sm: 40 }} withBorder lang={language}>
        <EulaDocument document={document} />
      </Paper>
    </Container>
  );
}

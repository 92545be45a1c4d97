import { Button, Divider, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconBriefcase, IconDeviceFloppy, IconUser } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassificationFields, type TClassificationLists } from '../../../components/classification-fields';
import { NameFields, SessionTimeoutField } from '../../../components/person-fields';
import { SectionCard } from '../../../components/section-card';
import { hasErrors } from '../../../lib/form-errors';
import type { TSessionUser } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import { useUpdateAccount } from '../api/update-account';
import { profileRequest, profileValues, sameProfile, type TProfileValues, validateProfile } from '../lib/forms';

type TProfileFormProps = {
  user: TSessionUser;
  lists: TClassificationLists;
  /** The server default, shown as the placeholder of an empty timeout. */
  defaultTimeout: number;
  /** The session-timeout setting (spec: "shown only when the session-timeout setting is on"). */
  showTimeout: boolean;
};

/**
 * Personal information (first and last name, own session timeout) and professional information. One
 * request saves both (POST /setting/account), so they are one form in two cards with one Save each.
 */
export function ProfileForm({ user, lists, defaultTimeout, showTimeout }: TProfileFormProps) {
  const { t } = useTranslation();
  const base = useMemo(() => profileValues(user), [user]);
  const form = useForm<TProfileValues>(base);
  const { values, errors, setField } = form;
  const mutation = useUpdateAccount();

  // The user changed elsewhere (another tab, UserUpdated): follow it unless there are edits here.
  const [shownBase, setShownBase] = useState(base);
  if (shownBase !== base) {
    if (sameProfile(values, shownBase)) form.reset(base);
    setShownBase(base);
  }
  const dirty = !sameProfile(values, base);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateProfile(values);
    form.setErrors(found);
    if (hasErrors(found)) return;
    mutation.mutate(profileRequest(values), {
      onSuccess: (updated) => {
        form.reset(profileValues(updated));
        showToast(t('account.profileSaved'), 'success');
      },
    });
  };

  const save = (
    <Group justify="flex-end" gap="sm">
      {dirty && (
        <Button variant="subtle" color="gray" onClick={() => form.reset(base)} disabled={mutation.isPending}>
          {t('common.discard')}
        </Button>
      )}
      <Button
        type="submit"
        disabled={!dirty}
        loading={mutation.isPending}
        leftSection={<IconDeviceFloppy size={16} stroke={1.8} />}
      >
        {t('common.save')}
      </Button>
    </Group>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('account.profile')}>
      <Stack gap="lg">
        <SectionCard icon={IconUser} title={t('account.personal')} id="personal-info">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <NameFields values={values} errors={errors} onChange={form.patch} />
          </SimpleGrid>
          {showTimeout && (
            <SessionTimeoutField
              label={t('account.sessionTimeout')}
              description={t('account.sessionTimeoutHint', { minutes: defaultTimeout })}
              placeholder={t('account.sessionTimeoutDefault', { minutes: defaultTimeout })}
              value={values.sessionTimeout}
              onChange={(digits) => setField('sessionTimeout', digits)}
              error={errors.sessionTimeout}
              maw={{ sm: 'calc(50% - 8px)' }}
            />
          )}
          <Divider />
          {save}
        </SectionCard>

        <SectionCard icon={IconBriefcase} title={t('account.professional')} id="professional-info">
          <ClassificationFields
            lists={lists}
            values={values}
            onChange={form.patch}
            suffixRequired={false}
            errors={errors}
          />
          <Divider />
          {save}
        </SectionCard>
      </Stack>
    </form>
  );
}

import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS } from '@rounds/contracts/limits';
import { IconBriefcase, IconDeviceFloppy, IconUser } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassificationFields, type TClassificationLists } from '../../../components/classification-fields';
import { SectionCard } from '../../../components/section-card';
import { hasErrors } from '../../../lib/form-errors';
import type { TSessionUser } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useErrorText, useForm } from '../../../lib/use-form';
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
  const errorText = useErrorText();
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
            <TextInput
              label={t('account.firstName')}
              autoComplete="given-name"
              maxLength={LIMITS.textMaxLength}
              value={values.firstName}
              onChange={(event) => setField('firstName', event.currentTarget.value)}
              error={errorText(errors.firstName)}
              withAsterisk
            />
            <TextInput
              label={t('account.lastName')}
              autoComplete="family-name"
              maxLength={LIMITS.textMaxLength}
              value={values.lastName}
              onChange={(event) => setField('lastName', event.currentTarget.value)}
              error={errorText(errors.lastName)}
              withAsterisk
            />
          </SimpleGrid>
          {showTimeout && (
            <TextInput
              label={t('account.sessionTimeout')}
              description={t('account.sessionTimeoutHint', { minutes: defaultTimeout })}
              placeholder={t('account.sessionTimeoutDefault', { minutes: defaultTimeout })}
              inputMode="numeric"
              maxLength={6}
              rightSection={
                <Text fz="xs" c="dimmed" pr={6}>
                  {t('account.minutes')}
                </Text>
              }
              rightSectionWidth={56}
              value={values.sessionTimeout}
              onChange={(event) => setField('sessionTimeout', event.currentTarget.value.replace(/\D+/g, ''))}
              error={errorText(errors.sessionTimeout)}
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
            errors={{
              facilityId: errorText(errors.facilityId),
              departmentId: errorText(errors.departmentId),
              professionId: errorText(errors.professionId),
              specialtyId: errorText(errors.specialtyId),
              suffixId: errorText(errors.suffixId),
            }}
          />
          <Divider />
          {save}
        </SectionCard>
      </Stack>
    </form>
  );
}

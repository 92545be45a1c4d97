import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { ESCALATION_LIMITS, type TEscalationPolicy, type TEscalationPolicyRequest } from '@rounds/contracts/escalation';
import type { TDutyRole } from '@rounds/contracts/on-call';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactSearch } from '../../../api/use-contact-search';
import { FormActions } from '../../../components/form-actions';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useEscalationPolicy, useSaveEscalationPolicy } from '../api/escalation-policy';
import { useDutyRoles } from '../api/get-duty-roles';
import '../texts';

type TStepForm = { afterMinutes: number; kind: 'role' | 'user'; id: string | null; name: string };
type TForm = { steps: TStepForm[]; finalAfterMinutes: number };

const NO_FILTERS = {};
const fromPolicy = (p: TEscalationPolicy | null | undefined): TForm => ({
  steps: (p?.steps ?? []).map((s) => ({
    afterMinutes: s.afterMinutes,
    kind: s.target.kind,
    id: s.target.id,
    name: s.target.name,
  })),
  finalAfterMinutes: p?.finalAfterMinutes ?? 15,
});
const toRequest = (f: TForm): TEscalationPolicyRequest => ({
  steps: f.steps.map((s) => ({
    afterMinutes: s.afterMinutes,
    target: s.kind === 'role' ? { kind: 'role', roleId: s.id! } : { kind: 'user', userId: s.id! },
  })),
  finalAfterMinutes: f.finalAfterMinutes,
});

/**
 * Administration › On-call roles › Escalation (issue 25): the role's ordered steps (after N minutes, a role or a
 * person) and when the sender is told nobody answered. The server refuses a loop and names the step; the
 * refusal is shown above the Save button, and the step's field is marked.
 */
export function EscalationPolicyModal({ role, onClose }: { role: TDutyRole; onClose: () => void }) {
  const { t } = useTranslation('on-call');
  const policy = useEscalationPolicy(role.id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('escalation.policy.title', { name: role.name })}
      centered
      radius="lg"
      size="lg"
    >
      {policy.isPending ? (
        <Text c="dimmed">{t('admin.loading')}</Text>
      ) : (
        <PolicyForm role={role} initial={fromPolicy(policy.data)} empty={!policy.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function PolicyForm({
  role,
  initial,
  empty,
  onClose,
}: {
  role: TDutyRole;
  initial: TForm;
  empty: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('on-call');
  const { t: common } = useTranslation();
  const [form, setForm] = useState<TForm>(initial);
  const [touched, setTouched] = useState(false);
  const save = useSaveEscalationPolicy(role.id);
  const refusal = save.error instanceof ApiError ? save.error : null;
  // The step the server named: 'steps.N.target: …' (0-based) for a bad target, 'Step N …' for a loop.
  const field = refusal?.message.match(/^steps\.(\d+)\./);
  const badIndex = field
    ? Number(field[1])
    : refusal?.code === 'ESCALATION_LOOP'
      ? Number(refusal.message.match(/\d+/)?.[0] ?? 0) - 1
      : -1;
  const setStep = (i: number, patch: Partial<TStepForm>) =>
    setForm({ ...form, steps: form.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (form.steps.some((s) => !s.id)) return;
    save.mutate(toRequest(form), {
      onSuccess: () => {
        showToast(t('escalation.policy.saved'), 'success');
        onClose();
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('escalation.policy.help')}
        </Text>
        {empty && form.steps.length === 0 && <Text fz="sm">{t('escalation.policy.none')}</Text>}
        {form.steps.map((step, i) => (
          <StepFields
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are ordered positions, edited in place
            key={i}
            n={i + 1}
            role={role}
            step={step}
            error={touched && !step.id ? common('Required') : i === badIndex ? refusal?.message : undefined}
            onChange={(patch) => setStep(i, patch)}
            onRemove={() => setForm({ ...form, steps: form.steps.filter((_, j) => j !== i) })}
          />
        ))}
        {form.steps.length < ESCALATION_LIMITS.maxSteps && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              setForm({ ...form, steps: [...form.steps, { afterMinutes: 5, kind: 'role', id: null, name: '' }] })
            }
            style={{ alignSelf: 'flex-start' }}
          >
            {t('escalation.policy.add')}
          </Button>
        )}
        <NumberInput
          label={t('escalation.policy.final')}
          min={1}
          max={ESCALATION_LIMITS.maxMinutes}
          value={form.finalAfterMinutes}
          onChange={(v) => setForm({ ...form, finalAfterMinutes: Number(v) || 1 })}
          w={200}
        />
        {refusal && badIndex < 0 && (
          <Alert color="red" variant="light" role="alert">
            {refusal.message}
          </Alert>
        )}
        <FormActions cancelLabel={t('escalation.policy.cancel')} onCancel={onClose} loading={save.isPending}>
          {t('escalation.policy.save')}
        </FormActions>
      </Stack>
    </form>
  );
}

function StepFields({
  n,
  role,
  step,
  error,
  onChange,
  onRemove,
}: {
  n: number;
  role: TDutyRole;
  step: TStepForm;
  error: string | undefined;
  onChange: (patch: Partial<TStepForm>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('on-call');
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-testid="escalation-step">
      <Text component="legend" fz="sm" fw={700} mb={4}>
        {t('escalation.policy.step', { n })}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label={t('escalation.policy.after')}
          min={1}
          max={ESCALATION_LIMITS.maxMinutes}
          value={step.afterMinutes}
          onChange={(v) => onChange({ afterMinutes: Number(v) || 1 })}
          w={130}
        />
        <SegmentedControl
          aria-label={t('escalation.policy.kind')}
          value={step.kind}
          onChange={(kind) => onChange({ kind: kind as 'role' | 'user', id: null, name: '' })}
          data={[
            { value: 'role', label: t('escalation.policy.role') },
            { value: 'user', label: t('escalation.policy.person') },
          ]}
        />
        {step.kind === 'role' ? (
          <RoleSelect role={role} step={step} error={error} onChange={onChange} />
        ) : (
          <PersonSelect step={step} error={error} onChange={onChange} />
        )}
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('escalation.policy.remove', { n })}
          onClick={onRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </fieldset>
  );
}

type TTargetSelectProps = { step: TStepForm; error: string | undefined; onChange: (patch: Partial<TStepForm>) => void };

function RoleSelect({ role, step, error, onChange }: TTargetSelectProps & { role: TDutyRole }) {
  const { t } = useTranslation('on-call');
  const roles = useDutyRoles({ facilityIds: [], keyword: '', page: 1, pageSize: 500 });
  const data = (roles.data?.results ?? [])
    .filter((r) => r.id !== role.id)
    .map((r) => ({ value: r.id, label: r.facilityId === role.facilityId ? r.name : `${r.name} (${r.facilityName})` }));
  if (step.id && !data.some((d) => d.value === step.id)) data.push({ value: step.id, label: step.name });
  return (
    <Select
      label={t('escalation.policy.target')}
      placeholder={t('escalation.policy.rolePlaceholder')}
      searchable
      data={data}
      value={step.id}
      error={error}
      onChange={(id, option) => onChange({ id, name: option?.label ?? '' })}
      style={{ flex: 1, minWidth: 200 }}
    />
  );
}

function PersonSelect({ step, error, onChange }: TTargetSelectProps) {
  const { t } = useTranslation('on-call');
  const [typed, setTyped] = useState('');
  const search = useContactSearch(NO_FILTERS, typed);
  const data = (search.contacts ?? []).slice(0, 50).map((c) => ({ value: c.id, label: c.fullName }));
  if (step.id && !data.some((d) => d.value === step.id)) data.unshift({ value: step.id, label: step.name });
  return (
    <Select
      label={t('escalation.policy.target')}
      placeholder={t('escalation.policy.personPlaceholder')}
      searchable
      filter={({ options }) => options}
      searchValue={typed}
      onSearchChange={setTyped}
      data={data}
      value={step.id}
      error={error}
      onChange={(id, option) => onChange({ id, name: option?.label ?? '' })}
      style={{ flex: 1, minWidth: 200 }}
    />
  );
}

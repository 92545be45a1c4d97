import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_TYPES } from '@rounds/contracts/account';
import { LIMITS } from '@rounds/contracts/limits';
import type { TUser } from '@rounds/contracts/user';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { showToast } from '../lib/toast';

type TAvatarPickerProps = {
  person: Pick<TUser, 'fullName' | 'avatar'>;
  texts: {
    alt: string;
    upload: string;
    change: string;
    remove: string;
    rules: string;
    wrongType: string;
    tooLarge: string;
  };
  /** A chosen file of an allowed type and size, for the caller to upload; any other is refused here. */
  onPick: (file: File) => void;
  onRemove: () => void;
  uploading: boolean;
  removing: boolean;
  /** Settings gives the own picture a card of its own; an admin's user page fits it among the fields, smaller. */
  look: 'card' | 'compact';
};

const LOOKS = {
  card: { avatar: 88, gap: 'lg', lines: 'xs', icon: 16, size: undefined, upload: undefined, removeColor: 'red' },
  compact: { avatar: 80, gap: 'md', lines: 6, icon: 14, size: 'xs', upload: 'light', removeColor: undefined },
} as const;

/** The profile picture's rules (spec doc 1 section 5): png, gif or jpeg, at most 2 MB; checked before uploading. */
export function avatarProblem(file: { type: string; size: number }): 'type' | 'size' | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > LIMITS.avatarMaxBytes) return 'size';
  return undefined;
}

/** A person's picture, with upload or change (png, gif or jpeg up to 2 MB) and removal of an uploaded one. */
export function AvatarPicker({ person, texts, onPick, onRemove, uploading, removing, look }: TAvatarPickerProps) {
  const sizes = LOOKS[look];
  const uploaded = !!person.avatar && !person.avatar.isGenerated;
  const pick = (file: File) => {
    const problem = avatarProblem(file);
    if (problem) showToast(problem === 'type' ? texts.wrongType : texts.tooLarge, 'error');
    else onPick(file);
  };
  return (
    <Group gap={sizes.gap} wrap="nowrap" align="center">
      <Avatar
        src={person.avatar?.path ?? null}
        size={sizes.avatar}
        radius={sizes.avatar}
        color="initials"
        name={person.fullName}
        alt={texts.alt}
        style={{ flex: 'none' }}
      />
      <Stack gap={sizes.lines} align="flex-start">
        <Group gap="xs">
          <FileButton onChange={(file) => file && pick(file)} accept={AVATAR_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size={sizes.size}
                variant={sizes.upload}
                leftSection={<IconUpload size={sizes.icon} stroke={1.8} />}
                loading={uploading}
              >
                {uploaded ? texts.change : texts.upload}
              </Button>
            )}
          </FileButton>
          {uploaded && (
            <Button
              size={sizes.size}
              variant="default"
              color={sizes.removeColor}
              leftSection={<IconTrash size={sizes.icon} stroke={1.8} />}
              loading={removing}
              onClick={onRemove}
            >
              {texts.remove}
            </Button>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          {texts.rules}
        </Text>
      </Stack>
    </Group>
  );
}

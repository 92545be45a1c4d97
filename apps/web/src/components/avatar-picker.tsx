import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_TYPES } from '@rounds/contracts/account';
import type { TUser } from '@rounds/contracts/user';
import { IconTrash, IconUpload } from '@tabler/icons-react';

type TAvatarPickerProps = {
  person: Pick<TUser, 'fullName' | 'avatar'>;
  texts: { alt: string; upload: string; change: string; remove: string; rules: string };
  /** The chosen file, for the caller to check (type, size) and upload. */
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

/** A person's picture, with upload or change (png, gif or jpeg up to 2 MB) and removal of an uploaded one. */
export function AvatarPicker({ person, texts, onPick, onRemove, uploading, removing, look }: TAvatarPickerProps) {
  const sizes = LOOKS[look];
  const uploaded = !!person.avatar && !person.avatar.isGenerated;
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
          <FileButton onChange={(file) => file && onPick(file)} accept={AVATAR_TYPES.join(',')}>
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

import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type THtmlEditorProps = { label: string; value: string; onChange: (html: string) => void };

/**
 * A rich text field (Mantine RichTextEditor on tiptap): headings, bold, italic, underline, lists, links.
 * The content is read once when it mounts; callers remount it (key) to load another text.
 */
export function HtmlEditor({ label, value, onChange }: THtmlEditorProps) {
  const { t } = useTranslation('admin-sections');
  const labelId = useId();
  const editor = useEditor({
    // StarterKit 3 carries a Link of its own; ours is configured so a click in the editor edits, not follows.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const labels = {
    boldControlLabel: t('about.editor.bold'),
    italicControlLabel: t('about.editor.italic'),
    underlineControlLabel: t('about.editor.underline'),
    strikeControlLabel: t('about.editor.strike'),
    h2ControlLabel: t('about.editor.h2'),
    h3ControlLabel: t('about.editor.h3'),
    bulletListControlLabel: t('about.editor.bulletList'),
    orderedListControlLabel: t('about.editor.orderedList'),
    linkControlLabel: t('about.editor.link'),
    unlinkControlLabel: t('about.editor.unlink'),
    linkEditorInputLabel: t('about.editor.linkUrl'),
    linkEditorInputPlaceholder: 'https://example.org',
    linkEditorSave: t('about.editor.linkSave'),
    linkEditorExternalLink: t('about.editor.linkNewTab'),
    linkEditorInternalLink: t('about.editor.linkSameTab'),
    undoControlLabel: t('about.editor.undo'),
    redoControlLabel: t('about.editor.redo'),
  };

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }}>
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={180} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

/** rjsf `fields` the shell registers, by the `ui:field` name the generator writes (generator/emitters/forms.ts). */
import { ChildChoicesField } from './ChildChoicesField';
import { ChildTabsField } from './ChildTabsField';
import { TransferListField } from './TransferListField';

export const customFields = { transferList: TransferListField, childTabs: ChildTabsField, childChoices: ChildChoicesField };

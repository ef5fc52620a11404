import { brand } from '@ipatient/contracts/brand';
import { limits } from '@ipatient/contracts/constants';

export interface ComplaintStep {
  title: string;
  text: string;
}

/**
 * The five-step complaint process (docs/product.md#home-page Advocacy). Step 3 is titled 'Include your bio
 * details' on the home page and 'Details to include' on the advocacy page.
 */
export function complaintSteps(variant: 'home' | 'advocacy'): readonly ComplaintStep[] {
  return [
    {
      title: 'Informal Complaint',
      text: 'Start by speaking to the staff member involved or the head of the unit. Many problems are settled quickly when they are raised on the spot.',
    },
    {
      title: 'Formal Complaint',
      text: "If that does not settle it, put your complaint in writing to the hospital's management or its SERVICOM or patient relations desk.",
    },
    {
      title: variant === 'home' ? 'Include your bio details' : 'Details to include',
      text: 'Give your full name, phone number and email, the date and place of your care, the names of staff involved if you know them, and the outcome you want.',
    },
    {
      title: 'Submit your complaint',
      text: `Send it and keep a copy. You should get an acknowledgement within ${limits.acknowledgementWorkingDays} working days and an official response within ${limits.responseWorkingDays} working days.`,
    },
    {
      title: 'Request Further Review',
      text: `Not satisfied with the response? Ask for a further review. ${brand.siteName} advocates can help you take it to the right regulator or body.`,
    },
  ];
}

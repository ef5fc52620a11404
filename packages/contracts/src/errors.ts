/**
 * Error texts (docs/product.md#messages-and-errors). The server's `message` is what the web shows in its error toast;
 * these are the fallbacks when a failure carries no message of its own.
 */
export const errorTexts = {
  default: 'An error occurred',
  signIn: 'Login failed. Please check your credentials.',
  createAccount: 'Error Creating Account',
  resetPassword: 'Error reseting password',
  changePassword: 'Error Changing Password',
  updateFacility: 'Error updating Facility',
  updateTestimonial: 'Error updating testimonial',
  fetch: 'Error fetching',
  createCampaign: 'Error Creating Campaign',
  fetchCampaigns: 'Error Fetching Campaigns',
  fetchCampaign: 'Error Fetching Campaign',
  updateBlog: 'Error updating blog',
  updateCampaign: 'Error updating blog',
  deleteCampaign: 'Error deleting campaign',
  likeCampaign: 'Error Liking campaign',
  createBlog: 'Error Creating blog',
  fetchBlogs: 'Error Fetching Blogs',
  fetchBlog: 'Error Fetching Blog',
  deleteBlog: 'Error deleting blog',
  fetchBlogComments: 'Error Fetching Blog Comments',
  createBlogCategory: 'Error Creating blog category',
  updateBlogCategory: 'Error updating blog category',
  deleteCategory: 'Error deleting category',
  createAuthor: 'Error Creating Author',
  fetchAuthors: 'Error Fetching Authors',
  fetchAuthor: 'Error Fetching Author',
  updateAuthor: 'Error updating author',
  deleteAuthor: 'Error deleting author',
  fetchPodcasts: 'Error Fetching Podcasts',
  fetchPodcast: 'Error Fetching Podcast',
  fetchPodcastCategory: 'Error Fetching Podcast Category',
  fetchBanks: 'Error Fetching Banks',
  createAdvocacy: 'Error creating advocacy',
  fetchAdvocacy: 'Error Fetching Advocacy',
  updateAdvocacy: 'Error updating Advocacy',
  sendMessage: 'Error sending message',
  createDocs: 'Error Creating Docs',
  fetchDocs: 'Error Fetching Website Document',
  updateDocs: 'Error updating Docs',
  campaignSubmitFailed: 'Failed to submit fundraiser. Please try again.',
  campaignSubmitted: 'Your fundraiser has been submitted successfully!',
  imageTooLarge: 'File size exceeds 850 KB. Please choose a smaller image.',
  shareUnsupported: 'Web Share API not supported in this browser.',
  userListNotArray: 'Invalid input: userList is not an array',
} as const;

/** Stable error codes for programs; each maps to one HTTP status. */
export const errorStatus = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The body of every error answer of the API. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  /** Per-field messages of a validation error: field path → message. */
  errors?: Record<string, string>;
  /** Seconds to wait, on 429. */
  retryAfter?: number;
}

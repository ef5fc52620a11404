import { brand } from '@ipatient/contracts/brand';
import { errorTexts } from '@ipatient/contracts/errors';
import { data, type MetaDescriptor, redirect } from 'react-router';
import { ShareWidget } from '../components/share/share-widget.tsx';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { pageNumber } from '../components/ui/pagination.tsx';
import { imageUrl, largestSize } from '../components/ui/responsive-image.tsx';
import { fetchBlogComments, fetchBlogPost } from '../features/blog/blog.server.ts';
import { BlogArticle } from '../features/blog/blog-article.tsx';
import {
  BlogComments,
  type CommentDraft,
  type CommentFailure,
} from '../features/blog/blog-comments.tsx';
import { BlogEngagement } from '../features/blog/blog-engagement.tsx';
import { BlogLoadError, blogErrorMeta } from '../features/blog/blog-load-error.tsx';
import { blogPath, blogShareText, publishedAt } from '../features/blog/blog-text.ts';
import {
  loadPlayersHref,
  playersAllowed,
  withoutPlayers,
} from '../features/cookie-consent/players.ts';
import { getApi, getPublicUrl } from '../lib/api-context.ts';
import { keepDraftAndLogin, takeDraft } from '../lib/form-drafts.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession } from '../lib/session.server.ts';
import type { Route } from './+types/blog-post';

// Like, comment and reply are plain form posts (replies in a native <details>) and Share is the
// campaigns' tiny inline script: the page needs no React in the browser (ADR 005).
export const handle = staticPage;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const commentsPage = pageNumber(new URL(request.url).searchParams.get('page'));
  const [lookup, user] = await Promise.all([
    fetchBlogPost(context, params.id),
    getSession(context).user(),
  ]);
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') throw data(errorTexts.fetchBlog, { status: 502 });
  const { post, commentCount } = lookup;
  const comments = await fetchBlogComments(context, post._id, commentsPage);
  // Back from logging in: the comment they wrote before fills its box again (once).
  const draft = user ? await takeDraft(context, request) : null;
  const kept: CommentDraft | null = draft
    ? { comment: draft.comment ?? '', parentId: draft.parentId ?? '' }
    : null;
  const origin = getPublicUrl(context);
  // Players in the post (YouTube, Spotify, Apple) set cookies: placeholders until allowed.
  const content = playersAllowed(request)
    ? post.content
    : withoutPlayers(post.content, loadPlayersHref(request, 'player-1'));
  return {
    post: { ...post, content },
    commentCount,
    comments,
    signedIn: user !== null,
    kept,
    url: `${origin}${blogPath(post)}`,
    origin,
  };
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return blogErrorMeta(error);
  const { post, url, origin } = loaderData;
  const description = post.excerpt || post.title;
  const image = largestSize(post.titleImageSizes);
  const tags: MetaDescriptor[] = [
    ...pageMeta({ title: post.title, description }),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: url },
    { property: 'article:published_time', content: publishedAt(post) },
    { name: 'twitter:card', content: image || post.titleImage ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: `${post.title} | ${brand.siteName}` },
    { name: 'twitter:description', content: description },
  ];
  if (post.category) tags.push({ property: 'article:section', content: post.category.name });
  const imagePath = image?.path ?? post.titleImage;
  if (imagePath) {
    const imageAddress = `${origin}${imageUrl(imagePath)}`;
    tags.push(
      { property: 'og:image', content: imageAddress },
      { property: 'og:image:alt', content: post.title },
      { name: 'twitter:image', content: imageAddress },
      { name: 'twitter:image:alt', content: post.title },
    );
    if (image) {
      tags.push(
        { property: 'og:image:width', content: String(image.width) },
        { property: 'og:image:height', content: String(image.height) },
      );
    }
  }
  return tags;
}

/**
 * Like (PUT /like-blog/{id}), comment or reply (POST /comment-on-blog/{id}); back to the page
 * with a toast (Post/Redirect/Get), or the page again with the error next to the form.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const path = url.pathname;
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  // The forms carry the post's id: the address may hold its urlSlug instead.
  const postId = formText(form, 'postId') || params.id;
  const api = getApi(context, form);
  const login = () => redirect(`/login?${new URLSearchParams({ redirectTo: path })}`);

  if (intent === 'like') {
    const response = await api.blog.posts.like({ params: { id: postId } });
    if (response.status === 401) throw login();
    if (!response.ok) {
      return actionFailure(response, errorTexts.default, { intent: 'like' });
    }
    return redirectWithFlash(
      request,
      `${path}${url.search}`,
      { kind: 'success', message: apiMessage(response.body, 'Thank you for liking this post!') },
      response.setCookies,
    );
  }

  if (intent === 'comment') {
    const parentId = formText(form, 'parentId');
    // Sent signed out (or after the session ended): kept while they log in.
    const keep = () =>
      keepDraftAndLogin(context, request, form, {
        fields: ['comment', 'parentId'],
        back: parentId ? `${path}#comment-${parentId}` : `${path}#comment-form`,
        intent: 'comment',
      });
    if (!(await getSession(context).user())) return keep();
    const response = await api.blog.comments.create({
      params: { id: postId },
      body: { comment: formText(form, 'comment'), ...(parentId ? { parentId } : {}) },
    });
    if (response.status === 401) return keep();
    if (!response.ok) {
      return actionFailure(response, errorTexts.default, {
        intent: 'comment',
        values: echoValues(form, ['comment', 'parentId']),
      });
    }
    const created = response.body.result._id;
    // A new comment is first on page 1 (newest first); a reply stays on its comment's page.
    const back = parentId ? `${path}${url.search}` : path;
    return redirectWithFlash(
      request,
      created ? `${back}#comment-${created}` : back,
      {
        kind: 'success',
        message: parentId ? 'Your reply has been posted.' : 'Your comment has been posted.',
      },
      response.setCookies,
    );
  }

  throw data(null, { status: 400 });
}

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, commentCount, comments, signedIn, kept, url } = loaderData;
  const path = blogPath(post);
  const likeFailure = actionData?.ok === false ? resultFor(actionData, 'like') : undefined;
  const commentResult = actionData?.ok === false ? resultFor(actionData, 'comment') : undefined;
  const commentFailure: CommentFailure | undefined = commentResult
    ? {
        message: commentResult.message,
        parentId: commentResult.values.parentId ?? '',
        comment: commentResult.values.comment ?? '',
      }
    : undefined;
  const totalPages = comments
    ? Math.max(1, Math.ceil(comments.total / Math.max(1, comments.limit)))
    : 1;
  return (
    <>
      <BlogArticle
        post={post}
        engagement={
          <div className="space-y-3">
            {likeFailure ? <FormAlert message={likeFailure.message} /> : null}
            <BlogEngagement
              post={post}
              commentCount={commentCount}
              signedIn={signedIn}
              returnTo={path}
            />
          </div>
        }
        share={
          <ShareWidget
            url={url}
            title={`${post.title} | ${brand.siteName}`}
            text={blogShareText(post)}
          />
        }
        comments={
          <BlogComments
            postId={post._id}
            commentCount={commentCount}
            list={
              comments ? { comments: comments.comments, page: comments.page, totalPages } : null
            }
            signedIn={signedIn}
            failure={commentFailure}
            kept={kept ?? undefined}
            hrefFor={(page) => (page > 1 ? `${path}?page=${page}#comments` : `${path}#comments`)}
          />
        }
      />
      <ActionToast result={actionData} announce={false} />
    </>
  );
}

/** Unknown posts get the site's not-found page; a failing API says 'Error Fetching Blog'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BlogLoadError error={error} />;
}

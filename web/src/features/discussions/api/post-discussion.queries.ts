import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchCategory,
  fetchDiscussionEdit,
  fetchPostableCategories,
  patchDiscussionPost,
  postDiscussion,
  type DiscussionPostInput,
} from './post-discussion.api.ts';
import { fetchDiscussionByID } from './discussions.api.ts';

/** Query keys of the post forms. */
export const postKeys = {
  postableCategories: ['post-form', 'postable-categories'] as const,
  category: (categoryID: number) => ['post-form', 'category', categoryID] as const,
  edit: (discussionID: number) => ['post-form', 'edit', discussionID] as const,
  discussion: (discussionID: number) => ['post-form', 'discussion', discussionID] as const,
};

export function usePostableCategoriesQuery(enabled: boolean) {
  return useQuery({
    queryKey: postKeys.postableCategories,
    queryFn: fetchPostableCategories,
    enabled,
  });
}

export function useCategoryQuery(categoryID: number, enabled: boolean) {
  return useQuery({
    queryKey: postKeys.category(categoryID),
    queryFn: () => fetchCategory(categoryID),
    enabled,
  });
}

/** The raw body and fields for the edit form; always fresh (another tab may have edited it). */
export function useDiscussionEditQuery(discussionID: number, enabled: boolean) {
  return useQuery({
    queryKey: postKeys.edit(discussionID),
    queryFn: () => fetchDiscussionEdit(discussionID),
    enabled,
    staleTime: 0,
  });
}

export function useDiscussionForEditQuery(discussionID: number, enabled: boolean) {
  return useQuery({
    queryKey: postKeys.discussion(discussionID),
    // With its tags: the author and date that bound the edit window.
    queryFn: () => fetchDiscussionByID(discussionID, ['tags', 'category']),
    enabled,
    staleTime: 0,
  });
}

/** Posts a discussion or question; every cached discussion list is refreshed before it resolves. */
export function usePostDiscussionMutation(postType: 'discussion' | 'question') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscussionPostInput) => postDiscussion(input, postType),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discussions'] }),
  });
}

/** Saves the edit form (`PATCH /discussions/{id}`); cached discussion lists are refreshed. */
export function usePatchDiscussionPostMutation(discussionID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<DiscussionPostInput>) => patchDiscussionPost(discussionID, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discussions'] }),
  });
}

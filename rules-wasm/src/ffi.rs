//! The module's exports: JSON in and out through linear memory. The page asks for room
//! (`hexforge_alloc`), writes a request there as UTF-8, calls `hexforge_call` with its place
//! and length (which frees it) and reads the answer at the pointer returned,
//! `hexforge_answer_len` bytes long; the answer stays until the next call.
//!
//! This file is the crate's only unsafe code: turning the page's pointer and length back
//! into the bytes it wrote.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    /// The latest answer, kept for the page to read.
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Room for `len` bytes, for the page to write a request into.
#[unsafe(no_mangle)]
pub extern "C" fn hexforge_alloc(len: usize) -> *mut u8 {
    let mut room = Vec::<u8>::with_capacity(len.max(1));
    let ptr = room.as_mut_ptr();
    std::mem::forget(room);
    ptr
}

/// Gives back room from [`hexforge_alloc`] that was not passed to [`hexforge_call`].
///
/// # Safety
/// `ptr` and `len` are a pair [`hexforge_alloc`] gave, not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hexforge_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes what hexforge_alloc made: a Vec's buffer of capacity len.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Answers the request of `len` bytes at `ptr` (room from [`hexforge_alloc`], freed here);
/// returns where the answer is.
///
/// # Safety
/// `ptr` and `len` are a pair [`hexforge_alloc`] gave, with `len` bytes written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hexforge_call(ptr: *mut u8, len: usize) -> *const u8 {
    // SAFETY: as above; the page wrote len bytes, so the Vec's length is len.
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    let answer = match std::str::from_utf8(&bytes) {
        Ok(request) => crate::call(request),
        Err(_) => r#"{"error":{"rule":"bad-request","message":"the request is not UTF-8"}}"#.to_string(),
    };
    drop(bytes);
    ANSWER.with(|kept| {
        let mut kept = kept.borrow_mut();
        *kept = answer.into_bytes();
        kept.as_ptr()
    })
}

/// The length of the latest answer.
#[unsafe(no_mangle)]
pub extern "C" fn hexforge_answer_len() -> usize {
    ANSWER.with(|kept| kept.borrow().len())
}

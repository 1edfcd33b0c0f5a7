//! Rewrites the reference pictures of card faces that `tests/print/reference_images.rs`
//! compares with (`tests/reference/*.png`). Run it from the checkout when a face's drawing
//! changes on purpose, and look at the pictures before committing them:
//!
//! ```sh
//! cargo run --example reference_images
//! ```

#[path = "../tests/reference_faces/mod.rs"]
mod reference_faces;

fn main() {
    for (name, ..) in reference_faces::FACES {
        let path = reference_faces::reference(name);
        let fresh = path.with_extension("png.new");
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the references' folder");
        std::fs::write(&fresh, reference_faces::draw(name)).expect("the picture is written");
        std::fs::rename(&fresh, &path).expect("the picture replaces the old one");
        println!("wrote {}", path.display());
    }
}

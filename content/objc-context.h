/*
 * The guide's context header: `guide check` precompiles it and includes it before every
 * Objective-C snippet of the book. It declares what the snippets use without writing it:
 * the few UIKit and GCD names (Linux has neither; an Apple SDK has both, and then only the
 * guide's own example classes below are declared), and the objects the examples talk about.
 *
 * Snippets whose statements use `self` run in a method of `GuideSnippet : GuideContext`.
 */
#import <Foundation/Foundation.h>

#if __has_include(<UIKit/UIKit.h>)
#import <UIKit/UIKit.h>
#else

/* GCD */
typedef void (^dispatch_block_t)(void);

/* UIKit: what the guide's examples use. */
@interface UIResponder : NSObject
@end

@interface UIView : UIResponder
@end

@interface UITableViewCell : UIView
@end

@interface UITableView : UIView
@end

@interface UIViewController : UIResponder
- (void)presentViewController:(UIViewController *)viewControllerToPresent
                     animated:(BOOL)flag
                   completion:(void (^)(void))completion;
- (void)dismissViewControllerAnimated:(BOOL)flag completion:(void (^)(void))completion;
@end

@protocol UITableViewDelegate <NSObject>
@optional
- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath;
- (void)tableView:(UITableView *)tableView didHighlightRowAtIndexPath:(NSIndexPath *)indexPath;
- (CGFloat)tableView:(UITableView *)tableView heightForRowAtIndexPath:(NSIndexPath *)indexPath;
- (BOOL)tableView:(UITableView *)tableView canPerformAction:(SEL)action
    forRowAtIndexPath:(NSIndexPath *)indexPath withSender:(id)sender;
@end

@protocol UITableViewDataSource <NSObject>
@required
- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath;
@optional
- (NSInteger)numberOfSectionsInTableView:(UITableView *)tableView;
@end

#endif

/* The guide's example objects. */

/* "Inter-Object Communication": the controller presented in the retain-cycle examples. */
@interface MyViewController : UIViewController
@property (nonatomic, copy) void (^completionHandler)(NSInteger result);
@end

/* Any object holding a block in a property (`myObj.myBlock = ^{ … };`). */
@interface MyObject : NSObject
@property (nonatomic, copy) dispatch_block_t myBlock;
@end

/* "Inheritance": A conforms to UITableViewDelegate and implements the height method. */
@interface UIViewControllerA : UIViewController <UITableViewDelegate>
@property (nonatomic, strong) UITableView *tableView;
- (CGFloat)tableView:(UITableView *)tableView heightForRowAtIndexPath:(NSIndexPath *)indexPath;
@end

/* What `self` is in statement snippets: a view controller with the members the examples send
   messages to, and the objects they name without declaring. */
@interface GuideContext : UIViewController {
@protected
    MyObject *myObj;
    id someIVar;
}
@property (nonatomic, copy) dispatch_block_t completionHandler;
@property (nonatomic, weak) id delegate;
- (void)executeBlock:(void (^)(NSData *data, NSError *error))block;
- (void)doSomething;
- (void)doSomethingElse;
- (void)doSomethingWithData:(NSData *)data;
@end

#define GUIDE_SNIPPET_SUPERCLASS GuideContext
